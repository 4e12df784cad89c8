import { expect, test } from '@playwright/test';
import { signInCustomer } from '../support/fixtures';

/**
 * The installed cabinet without a network (issue 16): a page never opened before has no code in the cache; it
 * shows the offline notice inside the cabinet, with its navigation, instead of «Что-то пошло не так».
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

test('offline, a cabinet page not visited yet shows the offline notice with the navigation', async ({
  page,
  context,
  request,
}) => {
  await signInCustomer(page, request);
  await page.goto('/cabinet/orders');
  await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  const nav = page.getByRole('navigation', { name: 'Навигация кабинета' });
  await nav.getByRole('link', { name: 'Профиль' }).click();
  const offline = page.getByTestId('offline-page');
  await expect(offline).toContainText('Нет подключения к интернету');
  await expect(page.getByText('Что-то пошло не так')).toHaveCount(0);
  await expect(nav).toBeVisible();

  // Back to a page that was open before: it still works offline.
  await nav.getByRole('link', { name: 'Заказы' }).click();
  await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();

  // Opened offline from the address bar (the cached shell): the same notice inside the cabinet.
  await page.goto('/cabinet/invoices');
  await expect(page.getByTestId('offline-page')).toContainText('Нет подключения к интернету');
  await expect(page.getByText('Что-то пошло не так')).toHaveCount(0);
  await expect(nav).toBeVisible();

  // Online again: the page opens from the notice.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByTestId('offline-page').getByRole('button', { name: 'Открыть страницу' }).click();
  await expect(page.getByTestId('offline-page')).toHaveCount(0);
  await expect(page).toHaveURL('/cabinet/invoices');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
