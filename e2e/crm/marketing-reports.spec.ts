import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { payThroughApi, placeOrder } from '../support/orders';

/** Issue 19 (decision 067): the marketing reports a manager reads and the campaigns and links they keep. */

/** Today in the Russian date picker of a form (the calendar opens on this month). */
async function pickToday(page: Page, scope: Locator, label: string) {
  const [day, shown] = await page.evaluate(() => {
    const now = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    return [now.getDate(), `${two(now.getDate())}.${two(now.getMonth() + 1)}.${now.getFullYear()}`] as const;
  });
  const input = scope.getByRole('button', { name: label, exact: true });
  await input.click();
  // The picker of this field, not the closing one of the field before (both are dialogs for a moment).
  const calendar = page
    .getByRole('dialog')
    .filter({ has: page.locator('.mantine-DatePickerInput-calendarHeader') });
  await expect(calendar).toHaveCount(1);
  await calendar
    .locator('button:not([data-outside])')
    .filter({ hasText: new RegExp(`^${day}$`) })
    .click();
  await expect(input).toHaveText(shown);
  await expect(calendar).toHaveCount(0);
}

test('a manager reads the dashboard, adds a campaign with spend, saves a UTM link and finds the order by source', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A paid order that arrived with its own tags (the order form's first-touch attribution).
  const tag = `e2e_${Date.now()}`;
  const email = uniqueEmail('marketing');
  const order = await placeOrder(request, email, {
    extra: { utmSource: tag, utmMedium: 'cpc', utmCampaign: tag, acquisitionChannel: 'paid' },
  });
  await payThroughApi(request, order, email);
  await signInStaff(page, request, 'MANAGER');

  // The dashboard on a phone: figures, no sideways scroll.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/crm/marketing');
  await expect(page.getByRole('heading', { name: 'Маркетинг', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Заказы' })).toBeVisible();
  await expect(page.getByTestId('marketing-channels-table')).toContainText('paid');
  // Orders have an axis of their own, on the right: a day's few orders are not a flat line under its sessions.
  const traffic = page.getByTestId('chart-traffic-by-day');
  await expect(traffic.locator('.recharts-yAxis')).toHaveCount(2);
  const axisName = traffic.locator('svg text').filter({ hasText: /^Заказы$/ });
  await expect(axisName).toHaveCount(1);
  // …named inside the chart: Mantine's own right-axis label sat past the SVG's right edge, clipped at every width.
  const [nameBox, svgBox] = [
    await axisName.boundingBox(),
    await traffic.locator('svg.recharts-surface').first().boundingBox(),
  ];
  expect(nameBox && svgBox && nameBox.x + nameBox.width <= svgBox.x + svgBox.width).toBe(true);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/crm/marketing');

  // A campaign for the tag, with spend entered today.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Кампании' }).click();
  await expect(page.getByRole('heading', { name: 'Кампании', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Новая кампания' }).click();
  const form = page.getByRole('dialog', { name: 'Новая кампания' });
  await form.getByRole('textbox', { name: 'Название' }).fill(`Кампания ${tag}`);
  await form.getByRole('textbox', { name: 'Метка utm_campaign' }).fill(tag);
  await form.getByRole('textbox', { name: 'Канал' }).fill('paid');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  const row = page.getByTestId('marketing-campaigns-table').getByRole('row', { name: new RegExp(tag) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Расходы' }).click();
  const spend = page.getByRole('dialog', { name: /^Расходы:/ });
  await pickToday(page, spend, 'С');
  await pickToday(page, spend, 'По');
  await spend.getByRole('textbox', { name: 'Сумма, ₽' }).fill('1500');
  await spend.getByRole('button', { name: 'Добавить расход' }).click();
  await expect(spend.getByTestId('campaign-spend-list')).toContainText(/1\s500/);
  await spend.getByRole('button', { name: 'Готово' }).click();
  // One order, paid; 1 500 ₽ spent today: CPA 1 500 ₽.
  await expect(row).toContainText(/1\s500/);

  // A tagged link to our own site, its QR code, saved.
  await page.getByRole('link', { name: 'UTM-конструктор' }).click();
  await expect(page.getByRole('heading', { name: 'UTM-конструктор', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /utm_source/ }).fill('vk');
  await page.getByRole('textbox', { name: /utm_medium/ }).fill('social');
  await page.getByRole('textbox', { name: /utm_campaign/ }).fill(tag);
  await expect(page.getByTestId('utm-preview')).toContainText(`utm_campaign=${tag}`);
  await expect(page.getByRole('img', { name: 'QR-код ссылки' })).toBeVisible();
  await expectAccessible(page, '/crm/marketing/utm-builder');
  await page.getByRole('textbox', { name: 'Название для списка' }).fill(`Ссылка ${tag}`);
  await page.getByRole('button', { name: 'Сохранить ссылку' }).click();
  await expect(
    page.getByTestId('marketing-utm-links-table').getByRole('row', { name: new RegExp(`Ссылка ${tag}`) }),
  ).toBeVisible();

  // The sources report, filtered to the tag: the order's row.
  await page.getByRole('link', { name: 'Отчёт по источникам' }).click();
  await expect(page.getByRole('heading', { name: 'Отчёт по источникам', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Источник', exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(new RegExp(`source=${tag}`));
  const source = page.getByTestId('marketing-sources-table').getByRole('row', { name: new RegExp(tag) });
  await expect(source).toContainText('cpc');
  await expect(source.getByRole('cell').nth(4)).toHaveText('1');
  await expectAccessible(page, '/crm/marketing/sources-report');
});
