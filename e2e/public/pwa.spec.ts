import { expect, test } from '@playwright/test';

test.describe('installable web app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the page links the manifest, which names the app, its icons and start URL', async ({
    page,
    request,
  }) => {
    await page.goto('/cabinet-login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name?: string;
      start_url?: string;
      icons?: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.name).toBeTruthy();
    expect(manifest.start_url).toBeTruthy();
    expect(manifest.icons?.length).toBeGreaterThan(0);
    for (const icon of manifest.icons ?? []) {
      expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
  });

  test('the background worker is registered at /service-worker.js', async ({ page }) => {
    await page.goto('/cabinet-login');
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptUrl ? new URL(scriptUrl).pathname : null).toBe('/service-worker.js');
  });

  test('offline, an order page never opened opens from the cached order build (decision 083)', async ({
    page,
    context,
  }) => {
    // A page of the main build installs the worker; the order pages were never visited.
    await page.goto('/cabinet-login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto('/order/step-2');
    // The order build's page, drawn (not «Не удалось загрузить страницу»): its code was precached. Step 2's own
    // chunk sends a visitor without documents back to step 1, whose catalogue needs the network.
    await expect(page).toHaveURL(/\/order\/step-1$/);
    await expect(page.getByRole('navigation', { name: 'Шаги оформления заказа' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Что переводим' })).toBeVisible();
    await expect(page.getByText('Не удалось загрузить форму заказа')).toBeVisible();
    await context.setOffline(false);
  });
});
