import { expect, test } from '@playwright/test';
import { DEMO, latestSignInLink, staffToken, uniqueEmail } from '../support/api';
import { seedStorage, signInCustomer, STORAGE } from '../support/fixtures';

const MARKETING_SITE = 'https://perevod.example.ru/';

test.describe('landing /', () => {
  test('outside app mode the browser goes to the marketing site', async ({ page }) => {
    await page.route('https://perevod.example.ru/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Marketing</title><h1>Сайт</h1>',
      }),
    );
    await page.goto('/');
    await expect(page).toHaveURL(MARKETING_SITE);
    await expect(page).toHaveTitle('Marketing');
  });

  test('with ?pwa=true and no session it opens the cabinet login', async ({ page }) => {
    await page.goto('/?pwa=true');
    await expect(page).toHaveURL('/cabinet-login');
  });

  test('with ?pwa=true and a cabinet token it opens the cabinet orders', async ({ page, request }) => {
    await signInCustomer(page, request);
    await page.goto('/?pwa=true');
    await expect(page).toHaveURL('/cabinet/orders');
  });

  test('with ?pwa=true and only a CRM session it opens the CRM home', async ({ page, request }) => {
    const token = await staffToken(request, DEMO.manager.email, DEMO.manager.password);
    await seedStorage(page, { [STORAGE.crmToken]: token, [STORAGE.crmRole]: 'MANAGER' });
    await page.goto('/?pwa=true');
    await expect(page).toHaveURL('/crm/home');
  });

  test('the force_pwa_mode flag is app mode as well', async ({ page }) => {
    await page.addInitScript(() => {
      try {
        window.localStorage.setItem('force_pwa_mode', 'true');
      } catch {
        // opaque origin
      }
    });
    await page.goto('/');
    await expect(page).toHaveURL('/cabinet-login');
  });

  test('in app mode the e-mail link parameters sign in from the landing', async ({ page, request }) => {
    const email = uniqueEmail('landing');
    const after = new Date();
    expect((await request.post('/api/auth/email/request-code', { data: { email } })).ok()).toBe(true);
    const link = await latestSignInLink(request, email, after);

    await page.goto(`/?pwa=true&${link.search.slice(1)}`);
    await expect(page).toHaveURL('/cabinet/orders');
    await expect(page.getByTestId('header-user-email')).toHaveText(email);
  });
});
