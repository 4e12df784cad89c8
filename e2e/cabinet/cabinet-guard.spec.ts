import { expect, test } from '@playwright/test';
import { latestCode, uniqueEmail } from '../support/api';
import { bearer, readStorage, signInCustomer, STORAGE } from '../support/fixtures';
import { enterCodeInForm, requestCodeInForm } from '../support/ui';

test.describe('cabinet guard', () => {
  test('an anonymous visitor of /cabinet/orders goes to /cabinet-login with a redirect back', async ({
    page,
  }) => {
    await page.goto('/cabinet/orders');
    await expect(page).toHaveURL('/cabinet-login?redirect=%2Fcabinet%2Forders');
    await expect(page.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeVisible();
  });

  test('after signing in the customer lands on the page asked for', async ({ page, request }) => {
    const email = uniqueEmail();
    await page.goto('/cabinet/notifications');
    await expect(page).toHaveURL('/cabinet-login?redirect=%2Fcabinet%2Fnotifications');

    const after = await requestCodeInForm(page, email);
    await enterCodeInForm(page, await latestCode(request, email, after));

    await expect(page).toHaveURL('/cabinet/notifications');
    await expect(page.getByRole('heading', { name: 'Уведомления' })).toBeVisible();
  });

  test('/cabinet opens the orders; an unknown cabinet page shows the 404 inside the cabinet', async ({
    page,
    request,
  }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet');
    await expect(page).toHaveURL('/cabinet/orders');
    await page.goto('/cabinet/no-such-page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });
});

test.describe('session loss in the cabinet', () => {
  test('a 401 from the API clears the credentials and lands on /cabinet-login', async ({ page, request }) => {
    const { token } = await signInCustomer(page, request);
    await page.goto('/cabinet/profile');
    await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();

    const logout = await request.post('/api/auth/logout', { headers: bearer(token) });
    expect(logout.ok()).toBe(true);
    await page.reload();

    await expect(page).toHaveURL('/cabinet-login?redirect=%2Fcabinet%2Fprofile');
    expect(await readStorage(page, STORAGE.cabinetToken)).toBeNull();
  });

  test('the header logout signs out on the server too', async ({ page, request }) => {
    const { token, email } = await signInCustomer(page, request);
    await page.goto('/cabinet/orders');
    await expect(page.getByTestId('header-user-email')).toHaveText(email);
    await page.getByRole('button', { name: 'Выйти' }).click();

    await expect(page).toHaveURL('/cabinet-login');
    expect(await readStorage(page, STORAGE.cabinetToken)).toBeNull();
    const profile = await request.get('/api/profile', { headers: bearer(token) });
    expect(profile.status()).toBe(401);
  });
});

test.describe('network failure', () => {
  test('an unreachable server shows "Сервер недоступен" on the cabinet sign-in', async ({ page }) => {
    await page.route('**/api/auth/email/request-code', (route) => route.abort());
    await page.goto('/cabinet-login');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail());
    await page.getByRole('button', { name: 'Получить код' }).click();

    await expect(page.getByText('Сервер недоступен. Проверьте подключение к интернету.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Вход по email' })).toBeVisible();
  });

  test('a failing data request of a signed-in page shows the same toast', async ({ page, request }) => {
    await signInCustomer(page, request);
    await page.route('**/api/crm-access-request/my', (route) => route.abort());
    await page.goto('/crm-access-request');

    await expect(page.getByText('Сервер недоступен. Проверьте подключение к интернету.')).toBeVisible();
  });
});
