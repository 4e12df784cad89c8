import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { customerToken, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { payThroughApi, placeOrder } from '../support/orders';

/**
 * Issue 17 (decision 050): the customer page linked from the CRM order, and the pickup partner's search and
 * read-only order page; both accessible and usable at 375 px.
 */
test.describe('customer page and the partner order page', () => {
  test.describe.configure({ timeout: 120_000 });
  test('a MANAGER goes from the order to its customer: contacts, orders and totals', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('customer-page');
    const token = await customerToken(request, email);
    const paid = await placeOrder(request, email, { token });
    await payThroughApi(request, paid, email);
    const unpaid = await placeOrder(request, email, { token });
    await signInStaff(page, request, 'MANAGER');

    await page.goto(`/crm/orders/${unpaid.id}`);
    // The first visit loads the CRM chunks: a loaded machine needs longer than the default.
    await expect(page.getByText('+7 916 000-11-22')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Сформировать счёт' })).toBeVisible();
    await page.getByRole('link', { name: /Карточка клиента/ }).click();
    await expect(page).toHaveURL(/\/crm\/customers\//);
    await expect(page.getByText(email).first()).toBeVisible({ timeout: 30_000 });
    const orders = page.getByTestId('customer-orders');
    await expect(orders.getByRole('link', { name: String(paid.number) })).toBeVisible();
    await expect(orders.getByRole('link', { name: String(unpaid.number) })).toBeVisible();
    await expect(page.getByText('Оплачено заказов')).toBeVisible();
    await expectAccessible(page, 'customer page');
    await page.screenshot({ path: '/tmp/exportsearch-customer.png', fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/exportsearch-customer-375.png', fullPage: true });
  });

  test('the pickup PARTNER finds an order by number and opens it read-only', async ({ page, request }) => {
    const email = uniqueEmail('partner-page');
    const order = await placeOrder(request, email);
    await signInStaff(page, request, 'PARTNER');

    await page.goto('/crm/orders');
    await expect(page.getByRole('columnheader', { name: 'Пункт выдачи' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: /Поиск/ }).fill(`№${order.number}`);
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link', { name: String(order.number) }).click();

    await expect(page.getByRole('heading', { name: `Заказ №${order.number}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('+7 916 000-11-22')).toBeVisible();
    await expect(page.getByText('Русский → Английский')).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await expectAccessible(page, 'partner order page');
    await page.screenshot({ path: '/tmp/exportsearch-partner-order.png', fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/exportsearch-partner-order-375.png', fullPage: true });
  });
});
