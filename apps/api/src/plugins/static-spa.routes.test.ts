import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';

function builtSpa(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><body class="x"><div id="root"></div></body>');
  writeFileSync(path.join(dist, 'order.html'), '<!doctype html><body><div id="root"></div></body>');
  return dist;
}

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'https://perevod.example.ru',
};

/** Decision 022: a production deployment on the test payment page says so on every page. */
describe('pages of a production deployment in payments test mode', () => {
  let testMode: TestContext;
  let realPayments: TestContext;
  beforeAll(async () => {
    testMode = await createTestContext({
      env: { ...PRODUCTION, PAYMENTS_TEST_MODE: 'true', SERVE_WEB: 'true', WEB_DIST_DIR: builtSpa() },
    });
    realPayments = await createTestContext({
      env: {
        ...PRODUCTION,
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'live_secret',
        SERVE_WEB: 'true',
        WEB_DIST_DIR: builtSpa(),
      },
    });
  });
  afterAll(async () => {
    await testMode.close();
    await realPayments.close();
  });

  it('carry the test-mode banner in their HTML, whichever page', async () => {
    for (const url of ['/', '/cabinet/orders', '/crm/home', '/order/step-2']) {
      const response = await testMode.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body, url).toMatch(
        /<body[^>]*><div role="status" data-testid="payments-test-mode"[^>]*>Тестовый режим оплаты/,
      );
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('carry no banner when payments are real', async () => {
    const response = await realPayments.app.inject({
      method: 'GET',
      url: '/cabinet/orders',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('payments-test-mode');
  });
});

/** Issue 16: an address that is no page of the app answers 404 (with the app, which shows «Страница не найдена»). */
describe('addresses outside the pages of the app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: builtSpa() } });
  });
  afterAll(() => ctx.close());

  it('answer 404 with the page; pages of the app answer 200', async () => {
    const status = async (url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).statusCode;
    for (const url of [
      '/no-such-page',
      '/cabinet/nope',
      '/crm/nope/deeper',
      '/order/step-9',
      '/partner/x/y',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
    }
    for (const url of [
      '/',
      '/cabinet/orders',
      '/cabinet/orders/8d6f4b0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      '/crm/orders',
      '/crm/tariffs/x1',
      '/order/step-2',
      '/order/8d6f4b0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/success?payment=return',
      '/partner/dashboard',
      '/cabinet/profile/',
    ]) {
      expect(await status(url), url).toBe(200);
    }
  });
});
