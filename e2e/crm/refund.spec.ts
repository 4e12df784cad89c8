import { expect, test } from '@playwright/test';
import { formatRub } from '../../packages/contracts/src/format';
import { moscowDate } from '../../packages/contracts/src/moscow-time';
import { DEMO, staffToken, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInStaff } from '../support/fixtures';
import { payThroughApi, placeOrder } from '../support/orders';

/**
 * Refunds (issue 17, decision 046): ADMIN records a partial refund of a paid order on its CRM page, confirms the
 * amount and the method, sees it listed with what is left, and the unit economics show it under «Возвраты».
 */
test('ADMIN records a partial refund, confirms it, sees it listed and the rest; the stats show it', async ({
  page,
  request,
}) => {
  // A journey over the order page (with axe) and the stats page.
  test.setTimeout(90_000);
  const email = uniqueEmail('refund');
  const order = await placeOrder(request, email);
  await payThroughApi(request, order, email);
  const partial = Math.round(order.amount * 30) / 100; // 30 %
  const left = Math.round((order.amount - partial) * 100) / 100;

  await signInStaff(page, request, 'ADMIN');
  await page.goto(`/crm/orders/${order.id}`);
  // The first visit loads the CRM chunks (slow on a busy machine); later steps use the default timeout.
  await expect(page.getByRole('heading', { name: `Заказ № ${order.number}` })).toBeVisible({
    timeout: 30_000,
  });
  const summary = page.getByTestId('refund-summary');
  await expect(summary).toHaveText(
    `Возвращено ${formatRub(0)} из ${formatRub(order.amount)} · можно вернуть ${formatRub(order.amount)}`,
  );

  const form = page.getByRole('form', { name: 'Оформить возврат' });
  const amount = form.getByRole('textbox', { name: 'Сумма возврата, ₽' });
  // The full remaining amount is the default.
  await expect(amount).toHaveValue(String(order.amount).replace('.', ','));
  // A reason is required: nothing is asked or sent without it.
  await form.getByRole('button', { name: 'Оформить возврат' }).click();
  await expect(form.getByText('Укажите причину возврата')).toBeVisible();

  await amount.fill(String(partial).replace('.', ','));
  await form.getByRole('textbox', { name: 'Причина возврата' }).fill('Заверение не понадобилось');
  await form.getByRole('button', { name: 'Оформить возврат' }).click();
  const dialog = page.getByRole('dialog', { name: 'Оформить возврат?' });
  await expect(dialog.getByTestId('refund-confirmation')).toContainText(`Вернуть ${formatRub(partial)}`);
  await expect(dialog).toContainText('Способ: тестовая оплата');
  await expect(dialog).toContainText('Причина: Заверение не понадобилось');
  await page.screenshot({ path: '/tmp/refunds-confirm.png' });
  await dialog.getByRole('button', { name: 'Вернуть деньги' }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByRole('table', { name: 'Возвраты' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(formatRub(partial));
  await expect(rows.nth(1)).toContainText('Выполнен');
  await expect(rows.nth(1)).toContainText('Заверение не понадобилось');
  await expect(rows.nth(1)).toContainText(DEMO.admin.email);
  await expect(summary).toHaveText(
    `Возвращено ${formatRub(partial)} из ${formatRub(order.amount)} · можно вернуть ${formatRub(left)}`,
  );
  await expect(amount).toHaveValue(String(left).replace('.', ','));
  await expectAccessible(page, 'the CRM order page with a refund');
  await page.screenshot({ path: '/tmp/refunds-order.png', fullPage: true });

  // At 375 px the refunds stay readable.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/refunds-order-375.png', fullPage: true });

  // The unit economics of today, with orders in progress (the order is PAID): «Возвраты» as the API counts them.
  const today = moscowDate(new Date());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/crm/stats?from=${today}&to=${today}&inProgress=1`);
  await expect(page.getByRole('group', { name: 'Возвраты' })).toBeVisible({ timeout: 30_000 });
  const admin = bearer(await staffToken(request, DEMO.admin.email, DEMO.admin.password));
  const report = (await (
    await request.get(
      `/api/admin/stats/unit-economics?startDate=${today}&endDate=${today}&includeInProgress=true`,
      { headers: admin },
    )
  ).json()) as { refunds: number };
  expect(report.refunds).toBeGreaterThanOrEqual(partial);
  await expect(page.getByRole('group', { name: 'Возвраты' })).toContainText(formatRub(report.refunds));
  await page.screenshot({ path: '/tmp/refunds-stats.png', fullPage: true });
});
