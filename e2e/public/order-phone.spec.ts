import { expect, test } from '@playwright/test';
import { chooseInOrderForm } from '../support/ui';

/**
 * Issue 16: the phone field on a phone. Typed as 8…, +7…, 7… or ten digits it keeps every digit (the old field
 * started with "+7" and turned 89161234567 into +7 (891) 612-34-56), Backspace erases all of it, and the number
 * passes to step 3.
 */
test.describe('phone field on a 375×812 phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('keeps every digit of 8…, +7…, 7… and ten digits; Backspace erases it all', async ({ page }) => {
    await page.goto('/order/step-1?reset=true');
    await chooseInOrderForm(page, 'Документ', 'Паспорт');
    await chooseInOrderForm(page, 'Язык перевода', 'Английский');
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page).toHaveURL(/\/order\/step-2$/);

    const phone = page.getByRole('textbox', { name: 'Телефон' });
    await expect(phone).toHaveValue('');
    const typed: Array<[string, string]> = [
      ['89161234567', '8 (916) 123-45-67'],
      ['+79161234567', '+7 (916) 123-45-67'],
      ['79161234567', '7 (916) 123-45-67'],
      ['9161234567', '+7 (916) 123-45-67'],
    ];
    for (const [keys, shown] of typed) {
      await phone.click();
      await phone.pressSequentially(keys);
      await expect(phone).toHaveValue(shown);
      // Backspace goes through the brackets and the area code down to an empty field.
      for (let left = shown.length; left > 0; left -= 1) await phone.press('Backspace');
      await expect(phone).toHaveValue('');
    }

    await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
    await phone.pressSequentially('89161234567');
    await page.getByRole('textbox', { name: 'Email' }).fill('anna.phone@example.ru');
    // Leaving the field shows the number as it is stored.
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page).toHaveURL(/\/order\/step-3$/);
  });

  test('refuses a number with a digit too many instead of cutting it', async ({ page }) => {
    await page.goto('/order/step-1?reset=true');
    await chooseInOrderForm(page, 'Документ', 'Паспорт');
    await chooseInOrderForm(page, 'Язык перевода', 'Английский');
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
    const phone = page.getByRole('textbox', { name: 'Телефон' });
    await phone.pressSequentially('891612345678');
    await expect(phone).toHaveValue('891612345678');
    await page.getByRole('textbox', { name: 'Email' }).fill('anna.phone@example.ru');
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page).toHaveURL(/\/order\/step-2$/);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
  });
});
