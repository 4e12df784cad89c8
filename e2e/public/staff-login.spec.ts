import { expect, test } from '@playwright/test';
import { readStorage, STAFF_ACCOUNTS, STORAGE, type CrmRole } from '../support/fixtures';
import { submitStaffLogin } from '../support/ui';

const LANDING_BY_ROLE: ReadonlyArray<readonly [CrmRole, string]> = [
  ['ADMIN', '/crm/home'],
  ['MANAGER', '/crm/home'],
  ['PARTNER', '/crm/orders'],
];

test.describe('staff sign-in at /login', () => {
  for (const [role, landing] of LANDING_BY_ROLE) {
    test(`${role} signs in and lands on ${landing}`, async ({ page }) => {
      const { email, password } = STAFF_ACCOUNTS[role];
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
      await submitStaffLogin(page, email, password);

      await expect(page).toHaveURL(landing);
      await expect(page.getByTestId('header-user-email')).toHaveText(email);
      expect(await readStorage(page, STORAGE.crmRole)).toBe(role);
      expect(await readStorage(page, STORAGE.crmToken)).toBeTruthy();
    });
  }

  test('a wrong password shows the Russian error, stays on /login and stores no token', async ({ page }) => {
    await page.goto('/login');
    await submitStaffLogin(page, STAFF_ACCOUNTS.ADMIN.email, 'wrong-password');

    await expect(page.getByText('Неверный логин или пароль')).toBeVisible();
    await expect(page).toHaveURL('/login');
    for (const key of [STORAGE.cabinetToken, STORAGE.crmToken, STORAGE.crmRole]) {
      expect(await readStorage(page, key), key).toBeNull();
    }
  });

  test('a sign-in from /login?redirect= continues to the requested CRM page', async ({ page }) => {
    await page.goto('/crm/stats');
    await expect(page).toHaveURL('/login?redirect=%2Fcrm%2Fstats');
    await submitStaffLogin(page, STAFF_ACCOUNTS.ADMIN.email, STAFF_ACCOUNTS.ADMIN.password);
    await expect(page).toHaveURL('/crm/stats');
    await expect(page.getByRole('heading', { name: 'Статистика' })).toBeVisible();
  });
});
