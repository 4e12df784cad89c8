import { expect, test } from '@playwright/test';
import { DEMO, latestMail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInPartnerPortal, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { placeOrder } from '../support/orders';

/** Issue 18 (decision 063): payment details confirmed by the mailed link; a self-referral flagged and resolved. */

test('the partner saves payment details and they apply only from the mailed link', async ({
  page,
  request,
}) => {
  await signInPartnerPortal(page, request);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/partner/payment-details');
  const form = page.getByRole('form', { name: 'Реквизиты для выплат' });
  await form.getByRole('textbox', { name: 'ФИО или название ИП' }).fill('Партнёров Пётр Петрович');
  await form.getByRole('textbox', { name: 'ИНН' }).fill('500100732259');
  await form.getByRole('textbox', { name: 'БИК банка' }).fill('044525225');
  await form.getByRole('textbox', { name: 'Банк', exact: true }).fill('ПАО Сбербанк');
  await form.getByRole('textbox', { name: 'Расчётный счёт' }).fill('40817810938000012341');
  await form.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await expect(form.getByText('Расчётный счёт не сходится с БИК')).toBeVisible();

  const before = new Date();
  await form.getByRole('textbox', { name: 'Расчётный счёт' }).fill('40817810938000012340');
  await form.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await expect(page.getByTestId('payment-details-pending')).toContainText('ожидает подтверждения');
  await expect(page.getByText('Реквизиты ещё не указаны')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/partner/payment-details');

  const mail = await latestMail(request, DEMO.affiliate.email, { after: before, match: /confirm=/ });
  const link = new URL(/https?:\/\/\S+confirm=[\w-]+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Подтвердить реквизиты' }).click();
  await expect(page.getByText(/^Подтверждены \d/)).toBeVisible();
  await expect(page.getByText('40817810938000012340').first()).toBeVisible();
  await expect(page.getByTestId('payment-details-pending')).toHaveCount(0);
});

test('ADMIN sees a self-referral with its evidence, releases it with a note, and reads partner analytics', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The affiliate orders for themselves through their own partner reference (spec 7's partnerId).
  const partnerToken = await signInPartnerPortal(page.context(), request);
  const profile = await request.get('/api/partner/profile', { headers: bearer(partnerToken) });
  const partnerId = ((await profile.json()) as { data: { id: string } }).data.id;
  const order = await placeOrder(request, DEMO.affiliate.email, { extra: { partnerId } });

  await signInStaff(page, request, 'ADMIN');
  await page.goto('/crm/fraud-monitoring?rule=SELF_REFERRAL');
  const row = page
    .getByTestId('fraud-events-table')
    .getByRole('row')
    .filter({ hasText: `№ ${order.number}` });
  await expect(row).toContainText('E-mail заказа совпадает с e-mail партнёра');
  await expect(row).toContainText('Открыто');
  await expect(row.getByRole('link', { name: `№ ${order.number}` })).toHaveAttribute(
    'href',
    `/crm/orders/${order.id}`,
  );
  await expectAccessible(page, '/crm/fraud-monitoring');

  await row.getByRole('button', { name: /^Отпустить/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Отпустить событие?' });
  await dialog.getByRole('button', { name: 'Отпустить' }).click();
  await expect(dialog.getByText('Напишите, почему принято решение')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Комментарий' })
    .fill('Партнёр заказал перевод для себя, проверено');
  await dialog.getByRole('button', { name: 'Отпустить' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Отпущено');
  await expect(row).toContainText('Партнёр заказал перевод для себя, проверено');
  await expect(row.getByRole('button', { name: /^Отпустить/ })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);

  await page.goto('/crm/partner-analytics');
  await expect(page.getByRole('heading', { name: 'Аналитика партнёров' })).toBeVisible();
  await expect(page.getByTestId('partner-analytics-table')).toContainText('Алексей Аффилиатов');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/crm/partner-analytics');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать CSV' }).click();
  expect((await download).suggestedFilename()).toBe('partner-analytics.csv');
});
