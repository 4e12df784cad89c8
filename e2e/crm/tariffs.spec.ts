import { expect, test, type Page } from '@playwright/test';
import { DEMO, staffToken } from '../support/api';
import { bearer, signInStaff } from '../support/fixtures';
import { chooseInOrderForm } from '../support/ui';

/** ADMIN journey of issue 5: a tariff for a language pair reprices the order form at once; deleting undoes it. */

type Calendar = { nonWorkingDays: string[]; workingWeekendDays: string[] };

const NBSP = '\u00A0';
const rub = (value: string) => `${value.replace(/ /g, NBSP)}${NBSP}₽`;

function moscowToday(): string {
  return new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** `days` working days after `start`: Monday to Friday unless a holiday, or a weekend made working. */
function addWorkingDays(start: string, days: number, calendar: Calendar): string {
  const date = new Date(`${start}T00:00:00Z`);
  for (let left = days; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    const isWorking = calendar.workingWeekendDays.includes(day)
      ? true
      : weekday !== 0 && weekday !== 6 && !calendar.nonWorkingDays.includes(day);
    if (isWorking) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A passport to translate from Russian into `language`, in a fresh order form. */
async function openOrderForm(page: Page, language: string): Promise<void> {
  await page.goto('/order?reset=true');
  await chooseInOrderForm(page, 'Документ', 'Паспорт');
  await chooseInOrderForm(page, 'Язык перевода', language);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('ADMIN adds a tariff for a language pair, the order form prices it at once, deleting it undoes that', async ({
  page,
  request,
}) => {
  // Several lazy CRM chunks and two order-form loads on one run; slow on a busy machine.
  test.setTimeout(90_000);
  const name = `Узбекский: паспорт ${Date.now()}`;
  const { calendar } = (await (await request.get('/api/order/form-params')).json()) as { calendar: Calendar };
  const today = moscowToday();
  // No HTTP cache for the form parameters: each visit must see the latest tariffs.
  await page.route('**/api/order/form-params', (route) => route.continue());
  await signInStaff(page, request, 'ADMIN');
  const admin = await staffToken(request, DEMO.admin.email, DEMO.admin.password);

  try {
    await page.goto('/crm/tariffs');
    await page.getByRole('link', { name: 'Добавить тариф' }).click();
    await expect(page).toHaveURL(/\/crm\/tariffs\/new$/);
    const form = page.getByRole('form', { name: 'Новый тариф' });
    await form.getByRole('textbox', { name: 'Название' }).fill(name);
    await pickOption(page, 'Язык оригинала', 'Русский');
    await pickOption(page, 'Язык перевода', 'Узбекский');
    await pickOption(page, 'Документ', 'Паспорт');
    await form.getByRole('textbox', { name: 'Цена, % от базовой' }).fill('150');
    await form.getByRole('textbox', { name: 'Надбавка, ₽' }).fill('200');
    await form.getByRole('textbox', { name: 'Доп. срок, дней' }).fill('2');
    await expect(page.getByTestId('tariff-example')).toContainText(
      `Паспорт: ${rub('1 500')} → ${rub('2 450')} за документ; срок +2 рабочих дня`,
    );
    await form.getByRole('button', { name: 'Добавить тариф' }).click();

    await expect(page).toHaveURL(/\/crm\/tariffs$/);
    const row = page.getByTestId('tariffs-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Русский → Узбекский');
    await expect(row).toContainText('Паспорт');
    await expect(row).toContainText('150 %');
    await expect(row).toContainText('+2 рабочих дня');

    // The order form for the pair: round(1 500 × 150 %) + 200 = 2 450 ₽, ready 1 + 2 working days later.
    await openOrderForm(page, 'Узбекский');
    const passport = page.getByRole('region', { name: 'Паспорт', exact: true });
    await expect(passport.getByTestId('document-unit-price')).toHaveText(`${rub('2 450')} за документ`);
    await expect(passport.getByTestId('document-tariff')).toHaveText(`Тариф «${name}»`);
    await expect(page.getByTestId('summary-total')).toHaveText(rub('2 450'));
    await expect(page.getByTestId('price-summary')).toContainText(`Тариф «${name}»`);
    await expect(page.getByTestId('summary-ready-date').locator('time')).toHaveAttribute(
      'datetime',
      addWorkingDays(today, 3, calendar),
    );
    // Another pair keeps the catalogue price and time.
    await chooseInOrderForm(page, 'Язык перевода', 'Английский');
    await expect(page.getByTestId('summary-total')).toHaveText(rub('1 500'));
    await expect(page.getByTestId('summary-ready-date').locator('time')).toHaveAttribute(
      'datetime',
      addWorkingDays(today, 1, calendar),
    );

    await page.goto('/crm/tariffs');
    await page.getByTestId('tariffs-table').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `Тариф «${name}»` })).toBeVisible();
    await page.getByRole('button', { name: 'Удалить тариф' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить тариф?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(page).toHaveURL(/\/crm\/tariffs$/);
    await expect(page.getByRole('link', { name })).toHaveCount(0);

    // The order form's parameters no longer carry the rule.
    const params = (await (await request.get('/api/order/form-params')).json()) as {
      tariffs: Array<{ name: string }>;
    };
    expect(params.tariffs.map((tariff) => tariff.name)).not.toContain(name);
  } finally {
    // Other journeys on this server must never see the rule, whatever step failed.
    const list = await request.get('/api/tariffs', { headers: bearer(admin) });
    const { items } = (await list.json()) as { items: Array<{ id: string; name: string }> };
    for (const tariff of items.filter((item) => item.name === name)) {
      await request.delete(`/api/tariffs/${tariff.id}`, { headers: bearer(admin) });
    }
  }
});
