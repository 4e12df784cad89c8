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
});
