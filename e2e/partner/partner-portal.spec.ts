import { expect, test } from '@playwright/test';
import { DEMO } from '../support/api';
import { readStorage, signInPartnerPortal, STORAGE } from '../support/fixtures';
import { submitPartnerLogin } from '../support/ui';

test.describe('partner portal sign-in', () => {
  test('signs in at /partner/login, stays signed in on /partner/login, logs out', async ({ page }) => {
    await page.goto('/partner/login');
    await submitPartnerLogin(page, DEMO.affiliate.email, DEMO.affiliate.password);

    await expect(page).toHaveURL('/partner/dashboard');
    await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
    await expect(page.getByTestId('header-user-email')).toHaveText(DEMO.affiliate.email);
    expect(await readStorage(page, STORAGE.partnerToken)).toBeTruthy();

    await page.goto('/partner/login');
    await expect(page).toHaveURL('/partner/dashboard');

    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL('/partner/login');
    expect(await readStorage(page, STORAGE.partnerToken)).toBeNull();
    expect(await readStorage(page, STORAGE.partnerData)).toBeNull();
  });

  test('a wrong password shows the error and stores no partner token', async ({ page }) => {
    await page.goto('/partner/login');
    await submitPartnerLogin(page, DEMO.affiliate.email, 'wrong-password');

    await expect(page.getByText('Неверный логин или пароль')).toBeVisible();
    await expect(page).toHaveURL('/partner/login');
    expect(await readStorage(page, STORAGE.partnerToken)).toBeNull();
  });

  test('the logged-out partner token is refused by the API', async ({ page, request }) => {
    const token = await signInPartnerPortal(page, request);
    await page.goto('/partner/profile');
    await expect(page.getByRole('heading', { name: 'Профиль партнёра' })).toBeVisible();
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL('/partner/login');

    const profile = await request.get('/api/partner/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(401);
  });
});

test.describe('partner portal guards', () => {
  test('an anonymous visitor of /partner/dashboard goes to /partner/login with a redirect back', async ({
    page,
  }) => {
    await page.goto('/partner/dashboard');
    await expect(page).toHaveURL('/partner/login?redirect=%2Fpartner%2Fdashboard');
  });

  test('after sign-in the partner lands on the page asked for', async ({ page }) => {
    await page.goto('/partner/commissions');
    await expect(page).toHaveURL('/partner/login?redirect=%2Fpartner%2Fcommissions');
    await submitPartnerLogin(page, DEMO.affiliate.email, DEMO.affiliate.password);
    await expect(page).toHaveURL('/partner/commissions');
    await expect(page.getByRole('heading', { name: 'Комиссии' })).toBeVisible();
  });

  test('/partner-redirect opens the dashboard of a signed-in partner', async ({ page, request }) => {
    await signInPartnerPortal(page, request);
    await page.goto('/partner-redirect');
    await expect(page).toHaveURL('/partner/dashboard');
    await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
  });

  test('/partner-redirect sends an anonymous visitor to the partner login', async ({ page }) => {
    await page.goto('/partner-redirect');
    await expect(page).toHaveURL('/partner/login?redirect=%2Fpartner%2Fdashboard');
  });

  test("a partner sees and opens only its own type's sections", async ({ page, request }) => {
    const menu = page.getByTestId('partner-menu');
    await signInPartnerPortal(page, request, DEMO.affiliate);
    await page.goto('/partner/dashboard');
    await expect(menu.getByRole('link', { name: 'Ссылки' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Комиссии' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'API-ключи' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Пакеты купонов' })).toHaveCount(0);
    // A typed address of another type's page lands on the dashboard, not on the API's refusal.
    await page.goto('/partner/integrator/api-keys');
    await expect(page).toHaveURL('/partner/dashboard');
    await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();

    await signInPartnerPortal(page, request, DEMO.integrator);
    await page.goto('/partner/integrator/api-keys');
    await expect(page.getByRole('heading', { name: 'API-ключи' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Пакеты купонов' })).toHaveCount(0);
    await page.goto('/partner/corporate/coupon-batches');
    await expect(page).toHaveURL('/partner/dashboard');
  });
});
