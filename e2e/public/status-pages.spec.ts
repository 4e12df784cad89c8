import { expect, test } from '@playwright/test';

test.describe('status and info pages', () => {
  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page).toHaveTitle(/Страница не найдена/);
    await expect(page).toHaveURL('/no-such-page/at-all');

    await page.getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL('/cabinet-login');
  });

  test('/no-access explains the missing rights', async ({ page }) => {
    await page.goto('/no-access');
    await expect(page.getByTestId('no-access-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  });

  test('/api-docs renders the API documentation', async ({ page }) => {
    await page.goto('/api-docs');
    await expect(page.getByText('/api/auth/login', { exact: true }).first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Поиск по методам' }).fill('/api/auth/email');
    await expect(page.getByText('/api/auth/email/request-code', { exact: true })).toBeVisible();
    await expect(page.getByText('/api/auth/login', { exact: true })).toHaveCount(0);
  });
});
