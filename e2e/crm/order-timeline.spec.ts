import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { uniqueEmail } from '../support/api';
import { signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { payThroughApi, placeOrder } from '../support/orders';

/** The CRM order page: one timeline per order and editing an order before work starts (decisions 054, 055). */

type Priced = { id: string; type: string; price: number };
// Journeys of several steps each (an order placed, paid or edited, the page read twice).
test.slow();

const rub = (amount: number) => new Intl.NumberFormat('ru-RU').format(amount).replace(/\s/g, '\\s?');

test('staff change the status and see it on the order timeline, after the payment', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('timeline');
  const order = await placeOrder(request, email);
  await payThroughApi(request, order, email);
  await signInStaff(page, request, 'MANAGER');
  await page.goto(`/crm/orders/${order.id}`);

  const timeline = page.getByTestId('order-timeline');
  // The first CRM page of the run loads its chunks on a cold server.
  await expect(timeline).toContainText('Заказ создан', { timeout: 30_000 });
  await expect(timeline).toContainText(/Оплачено/);

  await page.getByRole('combobox', { name: 'Новый статус', exact: true }).click();
  await page.getByRole('option', { name: 'В работе', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Комментарий для клиента (придёт в письме)', exact: true })
    .fill('Переводчик взял заказ');
  await page.getByRole('button', { name: 'Изменить статус' }).click();

  const statusEntry = timeline.locator('li', { hasText: 'Переводчик взял заказ' });
  await expect(statusEntry).toContainText('Статус: Оплачен → В работе');
  await expect(statusEntry).toContainText('manager@demo.local');
  // Oldest first: the payment comes before the status change it allowed.
  const texts = await timeline.locator('li').allInnerTexts();
  const paidAt = texts.findIndex((text) => text.includes('Оплачено'));
  const movedAt = texts.findIndex((text) => text.includes('Переводчик взял заказ'));
  expect(paidAt).toBeGreaterThanOrEqual(0);
  expect(movedAt).toBeGreaterThan(paidAt);
  // The order in work cannot be edited any more.
  await expect(page.getByRole('button', { name: 'Изменить заказ' })).toHaveCount(0);

  await expectAccessible(page, 'order timeline');
  await page.screenshot({ path: '/tmp/orderpage-timeline.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(statusEntry).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/orderpage-timeline-375.png', fullPage: true });
});

test('staff edit a line: the difference is shown and confirmed before saving', async ({ page, request }) => {
  const params = (await (await request.get('/api/order/form-params')).json()) as {
    documents: Priced[];
    assurances: Priced[];
  };
  const passport = params.documents.find((document) => document.type === 'passport')!;
  const notarization = params.assurances.find((assurance) => assurance.type === 'notarization')!;
  const order = await placeOrder(request, uniqueEmail('edit-line'));
  await signInStaff(page, request, 'MANAGER');
  await page.goto(`/crm/orders/${order.id}`);

  await page.getByRole('button', { name: 'Изменить заказ' }).click();
  const dialog = page.getByRole('dialog', { name: `Изменить заказ № ${order.number}` });
  // The order has 2 passports (notarised) and a diploma; one passport copy more.
  await dialog.getByRole('textbox', { name: 'Копий' }).first().fill('3');
  await dialog.getByRole('textbox', { name: 'Причина изменения' }).fill('Клиент принёс ещё один паспорт');
  await expectAccessible(page, 'order edit form');
  await page.screenshot({ path: '/tmp/orderpage-edit-form.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Пересчитать и проверить' }).click();

  const newAmount = order.amount + passport.price + notarization.price;
  const difference = dialog.getByTestId('order-edit-difference');
  await expect(difference).toContainText(new RegExp(`Было ${rub(order.amount)}`));
  await expect(difference).toContainText(new RegExp(`станет ${rub(newAmount)}`));
  await expect(difference).toContainText(
    new RegExp(`разница \\+${rub(passport.price + notarization.price)}`),
  );
  await expect(dialog).toContainText('Паспорт × 2');
  await expect(dialog).toContainText('Паспорт × 3');
  // Nothing is saved before the confirmation.
  await expect(page.getByTestId('order-amount')).toContainText(new RegExp(rub(order.amount)));
  await page.screenshot({ path: '/tmp/orderpage-edit-confirm.png', fullPage: true });

  await dialog.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('order-amount')).toContainText(new RegExp(rub(newAmount)));
  const edited = page.getByTestId('order-timeline').locator('li', { hasText: 'Заказ изменён' });
  await expect(edited).toContainText('Клиент принёс ещё один паспорт');
  await expect(edited).toContainText('manager@demo.local');
  await expect(page.getByTestId('order-timeline')).toContainText(/сумма изменена/);
});
