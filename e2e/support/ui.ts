import { expect, type Page } from '@playwright/test';

/** Sign-in steps through the real forms, for tests whose subject is the sign-in. */

/** Requests a code on the open /cabinet-login page; answers the time before the request (for the outbox). */
export async function requestCodeInForm(page: Page, email: string): Promise<Date> {
  const after = new Date();
  await page.getByRole('form', { name: 'Вход по email' }).getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByRole('form', { name: 'Ввод кода из письма' })).toBeVisible();
  return after;
}

export async function enterCodeInForm(page: Page, code: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Ввод кода из письма' });
  await form.getByRole('textbox', { name: 'Код из письма' }).fill(code);
  await form.getByRole('button', { name: 'Войти' }).click();
}

export async function submitStaffLogin(page: Page, login: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Вход для сотрудников' });
  await form.getByRole('textbox', { name: 'Логин' }).fill(login);
  await form.getByLabel('Пароль').fill(password);
  await form.getByRole('button', { name: 'Войти' }).click();
}

export async function submitPartnerLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Вход для партнёров' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Пароль').fill(password);
  await form.getByRole('button', { name: 'Войти' }).click();
}

/** Chooses an option in one of the order form's pickers (the browser's own selects, decision 018). */
export async function chooseInOrderForm(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}
