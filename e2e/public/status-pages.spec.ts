import { expect, test } from '@playwright/test';
import { chooseInOrderForm } from '../support/ui';

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

test.describe('an order page that fails', () => {
  // The app's service worker would fetch the chunk itself, out of the test's reach.
  test.use({ serviceWorkers: 'block' });

  test('an order page whose code cannot be downloaded says so, and a reload brings it', async ({ page }) => {
    await page.goto('/order?reset=true');
    await chooseInOrderForm(page, 'Документ', 'Паспорт');
    await chooseInOrderForm(page, 'Язык перевода', 'Английский');
    // As after a deploy that removed the old chunk, or a connection lost between two steps.
    await page.route('**/assets/order-step-2-route-*.js', (route) => route.abort());
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page.getByTestId('route-error-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Что-то пошло не так' })).toBeVisible();
    await expect(page).toHaveURL('/order/step-2');

    await page.unroute('**/assets/order-step-2-route-*.js');
    await page.getByRole('button', { name: 'Обновить страницу' }).click();
    await expect(page.getByRole('textbox', { name: 'Имя' })).toBeVisible();
    // The documents chosen before are still in the draft.
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page.getByRole('region', { name: 'Паспорт', exact: true })).toBeVisible();
  });
});
