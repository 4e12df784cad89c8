import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/api';
import { chooseInOrderForm } from '../support/ui';

/**
 * The order form by keyboard (issue 16): a 'Далее' that does not pass puts focus on the first field in error,
 * Enter in a field continues the step, a new step starts at its heading, and a document just chosen is the
 * next stop after the picker.
 */
test('the order form works from the keyboard', async ({ page }) => {
  await page.goto('/order?reset=true');
  const picker = page.getByRole('combobox', { name: 'Документ', exact: true });
  await expect(picker).toBeVisible();

  // 'Далее' with nothing chosen: focus goes to the document picker, the first field in error.
  const next = page.getByRole('button', { name: 'Далее' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await expect(picker).toBeFocused();

  // A chosen document's card comes right after the picker in the tab order.
  await chooseInOrderForm(page, 'Документ', 'Паспорт');
  await page.getByRole('combobox', { name: 'Добавить ещё документ' }).focus();
  await page.keyboard.press('Tab');
  const card = page.getByRole('region', { name: 'Паспорт', exact: true });
  expect(await card.evaluate((region) => region.contains(document.activeElement))).toBe(true);

  // Enter in a text field continues the step: the target language is missing, so focus goes there.
  const promo = page.getByRole('textbox', { name: 'Промокод' });
  await promo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Язык перевода', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/order\/step-1$/);
  await chooseInOrderForm(page, 'Язык перевода', 'Английский');
  await promo.focus();
  await page.keyboard.press('Enter');

  // Step 2 starts at its heading.
  await expect(page).toHaveURL(/\/order\/step-2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Контактные данные' })).toBeFocused();
  const name = page.getByRole('textbox', { name: 'Имя' });
  await name.fill('Анна Смирнова');
  await name.press('Enter');
  await expect(page).toHaveURL(/\/order\/step-2$/);
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('keyboard'));
  await page.getByRole('textbox', { name: 'Email' }).press('Enter');

  await expect(page).toHaveURL(/\/order\/step-3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Доставка' })).toBeFocused();
});
