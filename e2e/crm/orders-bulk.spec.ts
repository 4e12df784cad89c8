import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signInStaff } from '../support/fixtures';
import { payThroughApi, placeOrder } from '../support/orders';

/**
 * Bulk status change in the CRM order list (issue 17): two selected orders, one paid and one not, moved to «В работе»
 * after a confirmation naming the count and the status; each goes through the one status writer, so the unpaid one
 * is refused (decision 043) and the summary says so; the list then shows the new statuses.
 */
test('MANAGER selects two orders, changes their status in bulk with confirmation and sees the summary', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const prefix = `bulk${Date.now().toString(36)}`;
  const paidEmail = `${prefix}a@example.ru`;
  const paid = await placeOrder(request, paidEmail);
  await payThroughApi(request, paid, paidEmail);
  const unpaid = await placeOrder(request, `${prefix}b@example.ru`);
  await signInStaff(page, request, 'MANAGER');

  await page.goto(`/crm/orders?search=${prefix}`);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('orders-found')).toHaveText('Найдено: 2');

  await page.getByRole('checkbox', { name: `Выбрать заказ № ${paid.number}` }).check();
  await page.getByRole('checkbox', { name: `Выбрать заказ № ${unpaid.number}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('Выбрано: 2');
  await expect(page.getByRole('checkbox', { name: 'Выбрать все заказы на странице' })).toBeChecked();
  await expectAccessible(page, 'CRM orders with a selection');

  const bulk = page.getByRole('region', { name: 'Действия с выбранными заказами' });
  await bulk.getByRole('combobox', { name: 'Новый статус' }).click();
  await page.getByRole('option', { name: 'В работе', exact: true }).click();
  await bulk.getByRole('button', { name: 'Сменить статус' }).click();

  const dialog = page.getByRole('dialog', { name: 'Сменить статус выбранных заказов?' });
  await expect(dialog).toContainText('Заказов: 2. Новый статус: «В работе»');
  await dialog.getByRole('button', { name: 'Сменить статус' }).click();
  await expect(dialog).toBeHidden();

  const summary = page.getByTestId('bulk-summary');
  await expect(summary).toContainText('Статус изменён: 1 из 2');
  await expect(summary).toContainText(`№ ${unpaid.number}: Заказ не оплачен`);
  await page.screenshot({ path: '/tmp/crmui-orders-bulk.png', fullPage: true });

  const rowOf = (number: number) => rows.filter({ hasText: String(number) });
  await expect(rowOf(paid.number)).toContainText('В работе');
  await expect(rowOf(unpaid.number)).toContainText('Новый');
  await expect(page.getByTestId('selected-count')).toHaveCount(0);
});
