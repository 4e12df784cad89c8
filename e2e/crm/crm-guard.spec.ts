import { expect, test } from '@playwright/test';
import { bearer, readStorage, signInStaff, STAFF_ACCOUNTS, STORAGE } from '../support/fixtures';
import { submitStaffLogin } from '../support/ui';

test.describe('CRM guard', () => {
  test('an anonymous visitor of /crm/home goes to /login with a redirect back', async ({ page }) => {
    await page.goto('/crm/home');
    await expect(page).toHaveURL('/login?redirect=%2Fcrm%2Fhome');
    await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();

    await page.goto('/crm');
    await expect(page).toHaveURL('/login?redirect=%2Fcrm');
  });

  test('a MANAGER opening an ADMIN-only page gets /no-access', async ({ page, request }) => {
    await signInStaff(page, request, 'MANAGER');
    await page.goto('/crm/users');
    await expect(page).toHaveURL('/no-access');
    await expect(page.getByTestId('no-access-page')).toBeVisible();
  });

  test('a MANAGER may open the pages shared with ADMIN', async ({ page, request }) => {
    await signInStaff(page, request, 'MANAGER');
    await page.goto('/crm/push-notifications');
    await expect(page).toHaveURL('/crm/push-notifications');
    await expect(page.getByRole('heading', { name: 'Push-уведомления' })).toBeVisible();
  });

  test('a PARTNER opening /crm/home is sent to /no-access; its orders page opens', async ({
    page,
    request,
  }) => {
    await signInStaff(page, request, 'PARTNER');
    await page.goto('/crm/home');
    await expect(page).toHaveURL('/no-access');
    await expect(page.getByTestId('no-access-page')).toBeVisible();

    // /crm (the brand link in the CRM header) opens the role's own start page.
    await page.goto('/crm');
    await expect(page).toHaveURL('/crm/orders');
    await expect(page.getByRole('heading', { name: 'Заказы' })).toBeVisible();
  });

  test('a customer token without a CRM role is not let into the CRM', async ({ page, request }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.addInitScript(() => {
      try {
        if (window.localStorage.getItem('crm_role') === 'ADMIN')
          window.localStorage.setItem('crm_role', 'USER');
      } catch {
        // opaque origin
      }
    });
    await page.goto('/crm/home');
    await expect(page).toHaveURL('/login?redirect=%2Fcrm%2Fhome');
    expect(await readStorage(page, STORAGE.crmRole)).toBeNull();
  });

  test('a 401 in the CRM clears the CRM credentials and lands on /login', async ({ page, request }) => {
    const token = await signInStaff(page, request, 'MANAGER');
    await page.goto('/crm/marketing');
    await expect(page.getByRole('heading', { name: 'Маркетинг' })).toBeVisible();

    expect((await request.post('/api/auth/logout', { headers: bearer(token) })).ok()).toBe(true);
    await page.reload();

    await expect(page).toHaveURL('/login?redirect=%2Fcrm%2Fmarketing');
    expect(await readStorage(page, STORAGE.crmToken)).toBeNull();
    expect(await readStorage(page, STORAGE.crmRole)).toBeNull();
  });

  test('a staff user whose session ended elsewhere can sign in again at /login', async ({
    page,
    request,
  }) => {
    const token = await signInStaff(page, request, 'ADMIN');
    expect((await request.post('/api/auth/logout', { headers: bearer(token) })).ok()).toBe(true);

    await page.goto('/login');
    await expect(page.getByRole('form', { name: 'Вход для сотрудников' })).toBeVisible();
    // The stale token answers 401 for both areas; the 0.3 s redirect after a 401 must not take the user
    // away from a sign-in page. Only a wait can show that nothing happens later.
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/\/login(\?redirect=%2Fcrm%2Fhome)?$/);

    await submitStaffLogin(page, STAFF_ACCOUNTS.ADMIN.email, STAFF_ACCOUNTS.ADMIN.password);
    await expect(page).toHaveURL('/crm/home');
  });
});
