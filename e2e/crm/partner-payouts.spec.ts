import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { DEMO } from '../support/api';
import { signInPartnerPortal, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';

/**
 * The partner money journey (decision 062). Orders are attributed by the referrals part, so the money here is an
 * adjustment made through the CRM form: ADMIN credits the demo payee partner (confirmed payment details in the demo
 * seed), runs a payout, exports the bank registry, marks it paid; the partner sees it paid, on a phone.
 */
test.describe.configure({ mode: 'serial' });

const REASON = `Бонус за вебинар ${Date.now()}`;

test('ADMIN credits a partner, runs a payout, exports the registry and marks it paid', async ({
  page,
  request,
}) => {
  await signInStaff(page, request, 'ADMIN');
  await page.goto('/crm/commission-adjustments');
  await expect(page.getByRole('heading', { name: 'Корректировки комиссий' })).toBeVisible();
  await expectAccessible(page, '/crm/commission-adjustments');

  await page.getByRole('button', { name: 'Добавить корректировку' }).click();
  const form = page.getByRole('form', { name: 'Новая корректировка' });
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('Выберите партнёра')).toBeVisible();
  await expect(form.getByText('Укажите причину корректировки')).toBeVisible();
  await form.getByRole('combobox', { name: 'Партнёр' }).fill('Релокейт');
  await page.getByRole('option', { name: /Ольга Релокейтова/ }).click();
  await form.getByRole('textbox', { name: 'Сумма, ₽' }).fill('1500');
  await form.getByRole('textbox', { name: 'Причина' }).fill(REASON);
  await form.getByRole('button', { name: 'Сохранить' }).click();
  const row = page.getByTestId('adjustments-table').getByRole('row', { name: new RegExp(REASON) });
  await expect(row).toContainText('+1 500');
  await expect(row).toContainText('Подтверждена');

  await page.goto('/crm/partner-payouts');
  await expect(page.getByRole('heading', { name: 'Выплаты партнёрам' })).toBeVisible();
  await page.getByRole('button', { name: 'Сформировать выплату' }).click();
  const run = page.getByTestId('payout-run');
  await expect(run.getByRole('row', { name: /Ольга Релокейтова/ })).toContainText('1 500');
  await expect(run).toContainText('Черновик');
  await expectAccessible(page, '/crm/partner-payouts');

  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Скачать реестр для банка' }).click();
  const download = await downloading;
  const registry = new TextDecoder('windows-1251').decode(await readFile((await download.path())!));
  expect(registry.split('\r\n')[0]).toBe(
    '№;Получатель;ИНН;КПП;БИК;Банк;Корр. счёт;Счёт получателя;Сумма;Назначение платежа',
  );
  expect(registry).toContain('ООО «Релокейт Про»;7704211201;770401001;044525225');
  expect(registry).toContain(';1500.00;Выплата партнёрского вознаграждения за период с ');
  expect(registry).toContain('НДС не облагается');

  await run.getByRole('button', { name: 'Отметить выплаченной' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отметить выплату проведённой?' });
  await dialog.getByRole('button', { name: 'Отметить выплаченной' }).click();
  await expect(run).toContainText('Выплачено');
  await expect(run.getByRole('button', { name: 'Отметить выплаченной' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the payout pages fit the screen; the partner sees the payout paid and the commission in it', async ({
    page,
    request,
  }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/crm/partner-payouts');
    await expect(page.getByTestId('payout-runs')).toContainText('Выплачено');
    await expectNoSidewaysScroll(page);

    await signInPartnerPortal(page, request, DEMO.payee);
    await page.goto('/partner/history/payouts');
    const payout = page.getByTestId('partner-payout').first();
    await expect(payout).toContainText('Выплачено');
    await expect(payout).toContainText('1 500');
    await expect(payout).toContainText(REASON);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/partner/history/payouts');

    await page.goto('/partner/commissions');
    const row = page.getByTestId('partner-commissions').getByRole('row', { name: new RegExp(REASON) });
    await expect(row).toContainText('Выплачена');
    await expect(page.getByTestId('commissions-total-PAID')).toContainText('1 500');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/partner/commissions');
  });
});
