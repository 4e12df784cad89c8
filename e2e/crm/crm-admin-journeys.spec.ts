import { expect, test } from '@playwright/test';
import { DEMO, staffToken, uniqueEmail } from '../support/api';
import { bearer, customerToken, signInStaff } from '../support/fixtures';
import { chooseInOrderForm } from '../support/ui';

/** ADMIN journeys of issue 5: a holiday moves the ready date in the order form; deleting a user. */

type Calendar = { nonWorkingDays: string[]; workingWeekendDays: string[] };

const DAY_MS = 86_400_000;

function moscowToday(): string {
  return new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function nextDay(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The next working day after `isoDate`: Monday to Friday unless a holiday, or a weekend made working. */
function nextWorkingDay(isoDate: string, calendar: Calendar, extraHoliday?: string): string {
  let day = nextDay(isoDate);
  for (;;) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const isWorking = calendar.workingWeekendDays.includes(day)
      ? true
      : weekday !== 0 && weekday !== 6 && !calendar.nonWorkingDays.includes(day) && day !== extraHoliday;
    if (isWorking) return day;
    day = nextDay(day);
  }
}

test('ADMIN adds a holiday and the ready date in the order form moves past it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { calendar } = (await (await request.get('/api/order/form-params')).json()) as { calendar: Calendar };
  // A passport (1 working day, no tariff on ru → en) is ready the next working day; make that day a holiday.
  const today = moscowToday();
  const readyBefore = nextWorkingDay(today, calendar);
  const holiday = readyBefore;
  const readyAfter = nextWorkingDay(today, calendar, holiday);
  expect(readyAfter > readyBefore).toBe(true);

  // No HTTP cache for the form parameters: the second visit must see the new calendar at once.
  await page.route('**/api/order/form-params', (route) => route.continue());
  const readyDateInForm = async () => {
    await page.goto('/order?reset=true');
    await chooseInOrderForm(page, 'Документ', 'Паспорт');
    await chooseInOrderForm(page, 'Язык перевода', 'Английский');
    return page.getByTestId('summary-ready-date').locator('time');
  };

  await signInStaff(page, request, 'ADMIN');
  await expect(await readyDateInForm()).toHaveAttribute('datetime', readyBefore);

  const admin = await staffToken(request, DEMO.admin.email, DEMO.admin.password);
  try {
    await page.goto('/crm/holidays');
    const year = Number(holiday.slice(0, 4));
    while (Number(await page.getByTestId('holidays-year').textContent()) < year) {
      await page.getByRole('button', { name: 'Следующий год' }).click();
    }
    const name = `Внеплановый выходной ${Date.now()}`;
    // The Russian date picker opens on this month; the holiday is in this month or the next.
    await page.getByRole('button', { name: 'Дата' }).click();
    const picker = page.getByRole('dialog').last();
    const months =
      (Number(holiday.slice(0, 4)) - Number(today.slice(0, 4))) * 12 +
      Number(holiday.slice(5, 7)) -
      Number(today.slice(5, 7));
    for (let step = 0; step < months; step += 1) {
      await picker.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]').click();
    }
    await picker
      .locator('button:not([data-outside])')
      .filter({ hasText: new RegExp(`^${Number(holiday.slice(8, 10))}$`) })
      .click();
    await page.getByRole('textbox', { name: 'Название' }).fill(name);
    await page.getByRole('textbox', { name: 'Название' }).press('Enter');
    const [y, m, d] = holiday.split('-');
    await expect(
      page.getByTestId('holidays-table').getByRole('row', { name: new RegExp(name) }),
    ).toContainText(`${d}.${m}.${y}`);

    await expect(await readyDateInForm()).toHaveAttribute('datetime', readyAfter);
  } finally {
    // The holiday is near and real: other journeys on this server must not see it.
    await request.delete(`/api/holidays/${holiday}`, { headers: bearer(admin) });
  }
});

test('ADMIN deletes a user after confirming, and cannot delete himself', async ({ page, request }) => {
  const email = uniqueEmail('to-delete');
  await customerToken(request, email);
  await signInStaff(page, request, 'ADMIN');
  await page.goto('/crm/users');

  const search = page.getByRole('search', { name: 'Поиск пользователей' });
  await search.getByRole('textbox', { name: 'Поиск' }).fill(email);
  await search.getByRole('button', { name: 'Найти' }).click();
  const row = page.getByTestId('users-table').getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Удалить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить пользователя?' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Удалить' }).click();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Пользователей не найдено')).toBeVisible();

  // The ADMIN's own row has neither a delete button nor a role switch.
  await search.getByRole('textbox', { name: 'Поиск' }).fill(DEMO.admin.email);
  await search.getByRole('button', { name: 'Найти' }).click();
  const own = page.getByTestId('users-table').getByRole('row', { name: new RegExp(DEMO.admin.email) });
  await expect(own).toContainText('(вы)');
  await expect(own.getByRole('button', { name: 'Удалить' })).toHaveCount(0);

  const admin = await staffToken(request, DEMO.admin.email, DEMO.admin.password);
  const listed = await request.get(`/api/user/list?search=${encodeURIComponent(email)}`, {
    headers: bearer(admin),
  });
  expect(((await listed.json()) as { items: unknown[] }).items).toEqual([]);
});
