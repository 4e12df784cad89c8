import { expect, test } from '@playwright/test';
import { chooseInOrderForm } from '../support/ui';

/**
 * What a phone downloads for /order/step-1 (decision 013): the form parameters once, started by the page itself
 * (the server's preload header) and taken by the app's own request; no back-office, cabinet or partner code;
 * and zod, the fields and the toasts only as lazy chunks after the frame has painted.
 */
test.use({ viewport: { width: 375, height: 812 } });

test('step 1 loads the form parameters once and no back-office code', async ({ page }) => {
  const formParamsRequests: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/order/form-params') formParamsRequests.push(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });

  const response = await page.goto('/order/step-1');
  expect(response?.headers().link).toContain('</api/order/form-params>; rel=preload');
  await expect(page.getByRole('combobox', { name: 'Документ', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(formParamsRequests).toHaveLength(1);
  // The areas' layouts (every back-office, cabinet and partner page sits under one) and staff code.
  const AREA_CODE = /\/assets\/((crm|cabinet|partner)-(layout|page)-route|staff-)/;
  expect(scripts.filter((script) => AREA_CODE.test(script))).toEqual([]);
  // The order pages run on their own router (decision 018): react-router's chunk is not loaded.
  expect(scripts.filter((script) => /\/assets\/router-/.test(script))).toEqual([]);
  // The live price arrived without the validators: building zod's schemas is one long task, so step 1 runs it
  // only once the visitor starts using the page (decision 041), not while the page is becoming usable.
  await expect(page.getByTestId('bottom-bar-total')).toHaveText(/₽/);
  const ZOD = /\/assets\/zod-/;
  expect(scripts.filter((script) => ZOD.test(script))).toEqual([]);
  // The lazy parts did arrive: the fields (above) and the validation, which the next step needs.
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Выберите хотя бы один документ')).toBeVisible();
  expect(scripts.filter((script) => ZOD.test(script))).toHaveLength(1);
});

/**
 * The page arrives with its first screen drawn (decision 017): a phone paints the form before any script has
 * run. The copy is inert, and the live page takes its place once it has drawn its fields.
 */
test.describe('step 1 drawn before the scripts', () => {
  test('a phone shows the form from the HTML alone', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/order/step-1');
    const copy = page.locator('#page-snapshot');
    await expect(copy.getByRole('heading', { name: 'Что переводим', includeHidden: true })).toBeVisible();
    await expect(copy.getByText('Перетащите сюда сканы или фото документов')).toBeVisible();
    await expect(copy.getByRole('button', { name: 'Далее', includeHidden: true })).toBeVisible();
    // Nothing can be typed into the copy (it would be lost when the live page takes over).
    await expect(copy).toHaveAttribute('inert', '');
    expect(await copy.evaluate((node) => node.contains(document.activeElement))).toBe(false);
  });

  test('the live page takes over with the entries the visitor makes', async ({ page }) => {
    await page.goto('/order/step-1?reset=true');
    const documentPicker = page.getByRole('combobox', { name: 'Документ', exact: true });
    await expect(documentPicker).toBeVisible();
    await expect(page.locator('#page-snapshot')).toHaveCount(0);
    await expect(
      page.getByRole('combobox', { name: 'Язык оригинала', exact: true }).locator('option:checked'),
    ).toHaveText('Русский');
    await chooseInOrderForm(page, 'Документ', 'Паспорт');
    await expect(page.getByRole('region', { name: 'Паспорт', exact: true })).toBeVisible();
  });

  test('the live page draws the whole form in its first render, not a frame that fills in', async ({
    page,
  }) => {
    // While the copy is on screen the app gathers the catalogue, the fields' code and the price code first, so it
    // renders once instead of re-rendering as each arrives (those re-renders were the page's long tasks,
    // decision 041). That render comes in parts, one task each, under the copy (decision 083). What #root holds
    // when the copy gives way:
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root || document.getElementById('page-snapshot')) return;
        observer.disconnect();
        document.documentElement.dataset.firstRender = JSON.stringify({
          skeleton: root.querySelector('[aria-busy="true"]') !== null,
          picker: root.querySelector('select#order-document-picker') !== null,
          // Parts rendered in later tasks (decision 083): the phone's bar with «Далее», the languages.
          bar: root.querySelector('[data-testid="order-bottom-bar"]') !== null,
          languages: root.querySelector('#languages-heading') !== null,
        });
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/order/step-1?reset=true');
    await expect(page.locator('#page-snapshot')).toHaveCount(0);
    const firstRender = await page.locator('html').getAttribute('data-first-render');
    expect(JSON.parse(firstRender ?? 'null')).toEqual({
      skeleton: false,
      picker: true,
      bar: true,
      languages: true,
    });
  });

  test('a catalogue that cannot be loaded shows its error, not the copy', async ({ page }) => {
    await page.route('**/api/order/form-params', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'Сервис временно недоступен' }),
      }),
    );
    await page.goto('/order/step-1');
    await expect(page.getByText('Не удалось загрузить форму заказа')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#page-snapshot')).toHaveCount(0);
  });

  test('a catalogue that never answers: the copy still gives way after 10 s', async ({ page }) => {
    // A paused clock: time moves only when the test says so, however long the busy machine takes to load the page.
    // (pauseAt must not go back: installed time runs on, so it pauses a minute ahead.)
    const start = new Date('2026-06-01T09:00:00+03:00');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    // The request hangs (it is never answered), so the live page never draws its fields.
    await page.route('**/api/order/form-params', () => undefined);
    const fieldsRequested = page.waitForRequest(/\/assets\/step1-form-[^/]+\.js$/);
    await page.goto('/order/step-1');
    const copy = page.locator('#page-snapshot');
    await expect(copy).toBeVisible();
    // The 10 s start when the app's script runs, not when the HTML arrives: the clock moves only once the app has
    // started gathering what step 1 needs (it asks for the fields' code then, decision 041).
    await fieldsRequested;
    // The live page waits at most 3 s for the catalogue, then draws its placeholder (hidden by the copy).
    await page.clock.runFor(3_000);
    await expect(page.locator('#root').getByLabel('Загружаем форму заказа')).toBeAttached();
    await page.clock.runFor(6_000);
    await expect(copy).toBeVisible();
    await page.clock.runFor(1_500);
    // The page is not left inert: the live page shows that the form is still on its way.
    await expect(copy).toHaveCount(0);
    await expect(page.getByLabel('Загружаем форму заказа')).toBeVisible();
  });

  test('a wide screen never shows it (it is the phone layout)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/order/step-1');
    await expect(page.locator('#page-snapshot')).toBeAttached();
    await expect(page.locator('#page-snapshot')).toBeHidden();
  });
});
