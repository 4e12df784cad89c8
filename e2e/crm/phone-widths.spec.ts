import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/api';
import { bearer, signInCustomer, signInPartnerPortal, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';

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
    expect(box && box.x + box.width, `'Выйти' on ${path}`).toBeLessThanOrEqual(320);
  });
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
