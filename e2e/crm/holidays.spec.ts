import { expect, test } from '@playwright/test';
import { signInStaff } from '../support/fixtures';

test.describe('holidays on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('ADMIN adds a day (Russian errors first), the list follows it to its year, and deletes it after confirming', async ({
    page,
    request,
  }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/crm/holidays');
    const thisYear = new Date().getFullYear();
    await expect(page.getByTestId('holidays-year')).toHaveText(String(thisYear));
    // The seeded calendar of this year fits the screen: the table scrolls inside itself, the page does not.
    await expect(page.getByTestId('holidays-table')).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // …and a day's type is readable, not a badge squeezed to its first letter.
    const badge = page.getByTestId('holidays-table').locator('.mantine-Badge-label').first();
    await expect(badge).toHaveText('Выходной');
    const label = await badge.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
    expect(label.scroll).toBeLessThanOrEqual(label.client);

    const form = page.getByRole('form', { name: 'Добавить день' });
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expect(form.getByText('Укажите дату', { exact: true })).toBeVisible();
    await expect(form.getByText('Укажите название', { exact: true })).toBeVisible();
    await form.getByRole('textbox', { name: 'Название' }).fill('   ');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expect(form.getByText('Укажите название', { exact: true })).toBeVisible();

    // A far year no other test reads; a random day so parallel runs do not meet.
    const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
    const name = `Перенос ${Date.now()}`;
    // The Russian date picker (no native date input): year 2095 through the decade view, then February, the day.
    await form.getByRole('button', { name: 'Дата' }).click();
    const calendar = page.getByRole('dialog').last();
    const level = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel');
    await level.click();
    await level.click();
    for (let step = 0; step < 7; step += 1) {
      await calendar.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]').click();
    }
    await calendar.getByRole('button', { name: '2095', exact: true }).click();
    await calendar.getByRole('button', { name: /^февр/ }).click();
    await calendar
      .locator('button:not([data-outside])')
      .filter({ hasText: new RegExp(`^${Number(day)}$`) })
      .click();
    await expect(form.getByRole('button', { name: 'Дата' })).toHaveText(`${day}.02.2095`);
    await form.getByRole('textbox', { name: 'Название' }).fill(name);
    await form.getByText('Рабочий день (перенос)').click();
    await form.getByRole('button', { name: 'Добавить' }).click();

    await expect(page.getByTestId('holidays-year')).toHaveText('2095');
    const row = page.getByTestId('holidays-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`${day}.02.2095`);
    await expect(row).toContainText('Рабочий');
    await expect(form.getByRole('textbox', { name: 'Название' })).toHaveValue('');

    await row.getByRole('button', { name: `Удалить ${day}.02.2095` }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить день?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Удалить ${day}.02.2095` }).click();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('В 2095 году дней пока нет')).toBeVisible();
  });
});
