import { expect, test } from '@playwright/test';
import { latestCode, uniqueEmail } from '../support/api';
import { signInCustomer } from '../support/fixtures';
import { enterCodeInForm, requestCodeInForm } from '../support/ui';

/** Support where a customer gets stuck (issue 16): «Не пришёл код?» at sign-in, the support button in the cabinet. */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test.describe('support on the sign-in page and in the cabinet', () => {
  test('«Не пришёл код?»: what to check, a new code, the support contacts', async ({ page, request }) => {
    const email = uniqueEmail('no-code');
    await page.goto('/cabinet-login');
    await expect(page.getByRole('button', { name: 'Написать в поддержку' })).toBeVisible();
    const first = await requestCodeInForm(page, email);
    const firstCode = await latestCode(request, email, first);

    const toggle = page.getByRole('button', { name: 'Не пришёл код?' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const help = page.getByTestId('code-help');
    await expect(help).toContainText(`Проверьте адрес: ${email}`);
    await expect(help).toContainText('«Спам»');
    await expect(help.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', /^https:\/\/t\.me\//);
    await expect(help.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);

    // The e2e server has no cooldown: a new code at once, and that one signs in.
    const again = new Date();
    await help.getByRole('button', { name: 'Отправить код ещё раз' }).click();
    await expect
      .poll(async () => latestCode(request, email, again).catch(() => null), { timeout: 10_000 })
      .not.toBeNull();
    const secondCode = await latestCode(request, email, again);
    expect(secondCode).not.toBe(firstCode);
    await enterCodeInForm(page, secondCode);
    await expect(page).toHaveURL('/cabinet/orders');
  });

  test('the cabinet has the support button, above the bottom navigation on a phone', async ({
    page,
    request,
  }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet/orders');
    const support = page.getByRole('button', { name: 'Написать в поддержку' });
    await expect(support).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Навигация кабинета' });
    await expect(nav).toBeVisible();
    const supportBox = (await support.boundingBox())!;
    const navBox = (await nav.boundingBox())!;
    expect(supportBox.y + supportBox.height).toBeLessThanOrEqual(navBox.y);

    await support.click();
    await expect(page.getByRole('link', { name: 'Telegram' })).toBeVisible();
  });
});
