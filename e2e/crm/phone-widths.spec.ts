import { expect, test, type Page } from '@playwright/test';
import { DEMO, uniqueEmail } from '../support/api';
import { bearer, signInCustomer, signInPartnerPortal, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { payThroughApi, placeOrder } from '../support/orders';

/**
 * Managers check orders from their phones, customers follow them there: every page of the three areas fits a
 * 320 px screen (the narrowest still in use) — wide tables scroll inside themselves, the page never does — and the
 * header keeps 'Выйти' whole.
 */
test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

async function expectFits(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await test.step(path, async () => {
    await expectNoSidewaysScroll(page);
    const logout = page.getByRole('button', { name: 'Выйти' });
    const box = await logout.boundingBox();
    expect(box && box.x + box.width, `'Выйти' on ${path}`).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 320,
    );
    await expectNoClippedBadges(page, path);
  });
}

/** Every status badge shows its whole word: none cut to «В РАБ…» by a squeezed table column. */
async function expectNoClippedBadges(page: Page, path: string): Promise<void> {
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.mantine-Badge-label'))
      .filter((label) => label.clientWidth > 0 && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
  expect(clipped, `badges cut short on ${path}`).toEqual([]);
}

test('every CRM page of ADMIN fits a 320 px phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await signInStaff(page, request, 'ADMIN');
  const get = async <T>(path: string): Promise<T> =>
    (await (await request.get(path, { headers: bearer(token) })).json()) as T;
  const order = (await get<{ items: Array<{ id: string }> }>('/api/order?limit=1')).items[0];
  const partner = (await get<{ items: Array<{ id: string }> }>('/api/partner')).items[0];
  const tariff = (await get<{ items: Array<{ id: string }> }>('/api/tariffs')).items[0];
  expect(order && partner && tariff, 'demo data').toBeTruthy();

  for (const path of [
    '/crm/home',
    '/crm/orders',
    `/crm/orders/${order?.id}`,
    '/crm/stats',
    '/crm/form-settings',
    '/crm/users',
    '/crm/partner',
    `/crm/partner/${partner?.id}/points`,
    '/crm/tariffs',
    `/crm/tariffs/${tariff?.id}`,
    '/crm/offices',
    '/crm/holidays',
    '/crm/push-notifications',
    '/crm/monitoring',
    '/crm/monitoring/queue',
    '/crm/monitoring/cron',
    `/crm/monitoring/order/${order?.id}`,
  ]) {
    await expectFits(page, path);
  }
});

test('the cabinet and the partner portal fit a 320 px phone', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token } = await signInCustomer(page, request, DEMO.customer.email);
  await signInPartnerPortal(page, request);
  const mine = (await (await request.get('/api/order/my', { headers: bearer(token) })).json()) as {
    items: Array<{ id: string }>;
  };
  expect(mine.items.length, 'demo orders').toBeGreaterThan(0);

  for (const path of [
    '/cabinet/orders',
    `/cabinet/orders/${mine.items[0]?.id}`,
    '/cabinet/notifications',
    '/cabinet/profile',
    '/cabinet/organization',
    '/cabinet/invoices',
    '/partner/dashboard',
    '/partner/profile',
  ]) {
    await expectFits(page, path);
  }
});

/** No box around `testId`'s list scrolls sideways, and the list itself ends inside the screen. */
async function expectNoInnerSidewaysScroll(page: Page, testId: string): Promise<void> {
  const found = await page.getByTestId(testId).evaluate((list) => {
    const scrolling: string[] = [];
    for (let element: Element | null = list; element; element = element.parentElement) {
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1)
        scrolling.push(element.tagName.toLowerCase());
    }
    return { scrolling, right: list.getBoundingClientRect().right, width: window.innerWidth };
  });
  expect(found.scrolling, `${testId} scrolls sideways`).toEqual([]);
  expect(found.right, `${testId} ends inside the screen`).toBeLessThanOrEqual(found.width);
}

test('at 375 px the refunds of an order and the orders of a customer are cards, not tables scrolling sideways', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('phone-refund');
  const order = await placeOrder(request, email);
  await payThroughApi(request, order, email);
  const token = await signInStaff(page, request, 'ADMIN');
  const refund = await request.post(`/api/order/${order.id}/refunds`, {
    headers: bearer(token),
    data: { amount: Math.round(order.amount * 30) / 100, reason: 'Клиент отказался от заверения перевода' },
  });
  expect(refund.status(), await refund.text()).toBe(201);
  const detail = (await (await request.get(`/api/order/${order.id}`, { headers: bearer(token) })).json()) as {
    staff: { customerId: string | null };
  };

  await expectFits(page, `/crm/orders/${order.id}`);
  await expect(page.getByTestId('refund')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Возвраты' })).toHaveCount(0);
  await expectNoInnerSidewaysScroll(page, 'refunds');

  await expectFits(page, `/crm/customers/${detail.staff.customerId}`);
  await expect(page.getByTestId('customer-order').first()).toContainText(`№ ${order.number}`);
  await expectNoInnerSidewaysScroll(page, 'customer-orders');
});
