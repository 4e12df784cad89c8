import { expect, test } from '@playwright/test';
import { DEMO, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInPartnerPortal, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { chooseInOrderForm } from '../support/ui';

/** Decision 069: a corporate partner's coupon from its batch to an order the campaign analytics count. */
test('a corporate partner makes a batch; a visitor orders with a coupon; the campaign analytics count it', async ({
  page,
  request,
  browser,
}) => {
  // Three actors, an order and three pages at two widths: 60–90 s on a loaded 2-core machine (92 s in one CI run).
  test.setTimeout(150_000);
  const token = await signInPartnerPortal(page, request, DEMO.payee);
  const stamp = Date.now().toString().slice(-6);
  const campaignName = `Форум ${stamp}`;
  const label = `Участники ${stamp}`;

  await page.goto('/partner/corporate/campaigns');
  await page.getByRole('textbox', { name: 'Название' }).fill(campaignName);
  await page.getByRole('textbox', { name: 'Клиент' }).fill('ООО «Ромашка»');
  await page.getByRole('textbox', { name: 'Бюджет скидок, ₽' }).fill('50000');
  await page.getByRole('button', { name: 'Создать кампанию' }).click();
  await expect(
    page.getByTestId('campaigns-table').getByRole('row', { name: new RegExp(campaignName) }),
  ).toBeVisible();

  await page.goto('/partner/corporate/coupon-batches');
  await page.getByRole('textbox', { name: 'Метка пакета' }).fill(label);
  await page.getByRole('textbox', { name: 'Количество' }).fill('5');
  await page.getByRole('textbox', { name: 'Скидка, %' }).fill('10');
  await page.getByRole('combobox', { name: 'Кампания' }).click();
  await page.getByRole('option', { name: campaignName }).click();
  await page.getByRole('button', { name: 'Выпустить купоны' }).click();
  await expect(page.getByText('Пакет одобрен: купоны готовы')).toBeVisible();
  const row = page.getByTestId('coupon-batches-table').getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText('0 из 5');
  await expect(row).toContainText('Одобрен');
  await row.getByRole('button', { name: `Купоны пакета ${label}` }).click();
  const codes = page.getByRole('dialog').getByTestId('coupons-table');
  await expect(codes.getByRole('row')).toHaveCount(6);
  const code = (await codes.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
  await expectAccessible(page, '/partner/corporate/coupon-batches (coupons)');
  await page.keyboard.press('Escape');

  // A visitor types the coupon in lower case into the order form: the discount shows; the order is placed.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    const order = await visitor.newPage();
    await order.goto('/order?reset=true');
    await chooseInOrderForm(order, 'Документ', 'Паспорт');
    await chooseInOrderForm(order, 'Язык перевода', 'Английский');
    const total = order.getByTestId('bottom-bar-total');
    await expect(total).toHaveText('1\u00A0500\u00A0₽');
    await order.getByRole('textbox', { name: 'Промокод' }).fill(code.toLowerCase());
    await expect(order.getByTestId('promo-status')).toHaveText('Купон применён: скидка 10%');
    await expect(total).toHaveText('1\u00A0350\u00A0₽');
    await order.getByRole('button', { name: 'Далее' }).click();
    await order.getByRole('textbox', { name: 'Имя' }).fill('Пётр Купонов');
    await order.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
    await order.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('coupon'));
    await order.getByRole('button', { name: 'Далее' }).click();
    await expect(order).toHaveURL(/\/order\/step-3$/);
    await order.getByRole('radio', { name: /^Пункт выдачи/ }).click();
    await order.getByRole('radio', { name: /ПВЗ «Таганская»/ }).click();
    await order.getByRole('button', { name: 'Оформить заказ' }).click();
    await expect(order).toHaveURL(/\/order\/[0-9a-f-]{36}\/success$/);
  } finally {
    await visitor.close();
  }

  await page.goto('/partner/corporate/analytics');
  const byCampaign = page
    .getByTestId('corporate-campaigns')
    .getByRole('row', { name: new RegExp(campaignName) });
  // Issued 5, used 1, 1 order, not paid yet.
  await expect(byCampaign).toContainText(/5\s*1\s*1\s*0/);
  await expect(
    page.getByTestId('corporate-batches').getByRole('row', { name: new RegExp(label) }),
  ).toContainText(/5\s*1\s*1/);
  await expectAccessible(page, '/partner/corporate/analytics');

  await page.goto('/partner/corporate/campaigns');
  await expect(
    page.getByTestId('campaigns-table').getByRole('row', { name: new RegExp(campaignName) }),
  ).toContainText('1 из 5');
  await expectAccessible(page, '/partner/corporate/campaigns');

  // The coupon is single-use now.
  const again = await request.get(`/api/form-settings/promocode/validate?code=${code}`);
  expect(((await again.json()) as { message: string }).message).toBe('Этот купон уже использован');

  // The campaign groups a referral link of the partner's, then goes to the archive (its coupons stop discounting).
  const linkName = `Баннер ${stamp}`;
  const link = await request.post('/api/partner/affiliate/links', {
    headers: bearer(token),
    data: { name: linkName },
  });
  expect(link.status()).toBe(201);
  await page.reload();
  const campaignRow = page
    .getByTestId('campaigns-table')
    .getByRole('row', { name: new RegExp(campaignName) });
  await campaignRow.getByRole('button', { name: `Ссылки кампании «${campaignName}»` }).click();
  const linksDialog = page.getByRole('dialog');
  await linksDialog.getByRole('combobox', { name: 'Партнёрские ссылки' }).click();
  await page.getByRole('option', { name: new RegExp(linkName) }).click();
  await page.keyboard.press('Tab'); // closes the MultiSelect's dropdown
  await linksDialog.getByRole('button', { name: 'Сохранить ссылки' }).click();
  await expect(page.getByText('Ссылки кампании сохранены')).toBeVisible();
  await expect(campaignRow).toContainText(linkName);
  await campaignRow.getByRole('button', { name: `Перенести кампанию «${campaignName}» в архив` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'В архив' }).click();
  await expect(campaignRow).toContainText('в архиве');

  // A batch above the programme's limits waits for an ADMIN, who approves it in the CRM.
  const bigLabel = `Холдинг ${stamp}`;
  const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const waiting = await request.post('/api/partner/corporate/coupon-batches', {
    headers: bearer(token),
    data: { label: bigLabel, quantity: 2, discountPercent: 40, expiresOn: lastDay },
  });
  expect(((await waiting.json()) as { batch: { status: string } }).batch.status).toBe('PENDING');
  const crm = await browser.newContext();
  try {
    const admin = await crm.newPage();
    await signInStaff(admin, crm.request, 'ADMIN');
    await admin.goto('/crm/partner-program');
    const approvals = admin.getByTestId('coupon-batch-approvals');
    const waitingRow = approvals.getByRole('row', { name: new RegExp(bigLabel) });
    await expect(waitingRow).toContainText('40 %');
    await expectAccessible(admin, '/crm/partner-program (coupon batches)');
    await waitingRow.getByRole('button', { name: 'Одобрить' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Одобрить' }).click();
    await expect(approvals.getByRole('row', { name: new RegExp(bigLabel) })).toHaveCount(0);
  } finally {
    await crm.close();
  }

  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of [
    '/partner/corporate/coupon-batches',
    '/partner/corporate/campaigns',
    '/partner/corporate/analytics',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await page.screenshot({ path: 'test-results/corporate-analytics-375.png', fullPage: true });
});
