import { expect, test } from '@playwright/test';
import { DEMO, latestCode, latestSignInLink, uniqueEmail } from '../support/api';
import { readStorage, STORAGE } from '../support/fixtures';
import { enterCodeInForm, requestCodeInForm } from '../support/ui';

test.describe('customer sign-in by e-mail code', () => {
  test('the demo customer types the code from the mail and lands on /cabinet/orders', async ({
    page,
    request,
  }) => {
    await page.goto('/cabinet-login');
    const after = await requestCodeInForm(page, DEMO.customer.email);
    await expect(page.getByText(`Код отправлен на ${DEMO.customer.email}`)).toBeVisible();
    await enterCodeInForm(page, await latestCode(request, DEMO.customer.email, after));

    await expect(page).toHaveURL('/cabinet/orders');
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
    await expect(page.getByTestId('header-user-email')).toHaveText(DEMO.customer.email);
    expect(await readStorage(page, STORAGE.cabinetToken)).toBeTruthy();
  });

  test('a wrong code shows "Неверный код подтверждения" and keeps the user signed out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    await page.goto('/cabinet-login');
    const after = await requestCodeInForm(page, email);
    const code = await latestCode(request, email, after);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await enterCodeInForm(page, wrongCode);

    await expect(page.getByText('Неверный код подтверждения')).toBeVisible();
    await expect(page).toHaveURL('/cabinet-login');
    expect(await readStorage(page, STORAGE.cabinetToken)).toBeNull();

    // The right code still works afterwards (one wrong attempt does not burn it).
    await enterCodeInForm(page, code);
    await expect(page).toHaveURL('/cabinet/orders');
  });
});

test.describe('customer sign-in by the link in the code mail', () => {
  test('the link signs in once and leaves a clean URL; opened again it does not sign in', async ({
    page,
    request,
    browser,
  }) => {
    const email = uniqueEmail('link');
    const after = new Date();
    const requested = await request.post('/api/auth/email/request-code', { data: { email } });
    expect(requested.status()).toBe(200);
    const link = await latestSignInLink(request, email, after);
    expect(link.pathname).toBe('/cabinet/orders');

    await page.goto(link.href);
    await expect(page).toHaveURL('/cabinet/orders');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByTestId('header-user-email')).toHaveText(email);
    expect(await readStorage(page, STORAGE.cabinetToken)).toBeTruthy();

    const otherContext = await browser.newContext();
    try {
      const otherPage = await otherContext.newPage();
      await otherPage.goto(link.href);
      await expect(otherPage).toHaveURL(/\/cabinet-login\?redirect=%2Fcabinet%2Forders$/);
      await expect(otherPage.getByText('Ссылка для входа недействительна или устарела')).toBeVisible();
      expect(await readStorage(otherPage, STORAGE.cabinetToken)).toBeNull();
    } finally {
      await otherContext.close();
    }
  });
});
