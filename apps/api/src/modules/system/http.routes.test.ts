import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

describe('HTTP surface', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    writeFileSync(
      path.join(dist, 'order-step-1.html'),
      '<!doctype html><title>SPA</title><div id="page-snapshot"></div><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'order.html'), '<!doctype html><title>Order</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("install", () => {});');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
    ctx = await createTestContext({
      env: {
        SERVE_WEB: 'true',
        WEB_DIST_DIR: dist,
        CORS_ORIGINS: 'https://app.perevod.example',
        BODY_LIMIT_BYTES: '4096',
      },
    });
  });
  afterAll(() => ctx.close());

  it('reports health (the process is up) and readiness (the database and the queues answer)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.database.kind, migrations: 'applied' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', queues: 'ok' });
  });

  it('is not ready once its job queues stop (a shutdown in progress), while still alive', async () => {
    const own = await createTestContext();
    try {
      await own.jobs.stop();
      const ready = await own.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: MESSAGES.serviceNotReady,
      });
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('falls back to index.html for app routes, but never for /api', async () => {
    for (const url of ['/', '/order/step-1', '/crm/home', '/some/unknown/page']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      // An address that is no page of the app gets the app's "not found" page with a 404 (issue 16).
      expect(response.statusCode, url).toBe(url === '/some/unknown/page' ? 404 : 200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.routeNotFound });
  });

  it('answers a build file that is not there with a 404, not with a page', async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/assets/order-step-2-route-OLD.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    const present = await ctx.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(present.statusCode).toBe(200);
    expect(present.body).toBe('console.log(1)');
  });

  it('answers /order/step-1 (only) with its prerendered page', async () => {
    for (const url of ['/order/step-1', '/order/step-1/', '/order/step-1?reset=true']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain('<div id="page-snapshot">');
    }
    for (const url of ['/order', '/order/step-10', '/order/step-2', '/order/step-1/x', '/crm/home']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.body, url).not.toContain('page-snapshot');
    }
  });

  it("answers the other order pages with the order app's page, everything else with index.html", async () => {
    const orderPages = [
      '/order',
      '/order/',
      '/order?reset=true',
      '/order/step-2',
      '/order/abc/success?payment=return',
    ];
    for (const url of orderPages) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body, url).toContain('<title>Order</title>');
    }
    for (const url of ['/orders', '/order-history', '/cabinet/orders', '/payment/test/1', '/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.body, url).toContain('<title>SPA</title>');
    }
  });

  it('tells the browser to preload the form parameters with the order steps only', async () => {
    for (const url of ['/order', '/order/step-1', '/order/step-2?x=1', '/order/step-3']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.headers.link).toBe(
        '</api/order/form-params>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
    }
    for (const url of ['/', '/crm/home', '/order/abc/success', '/order/step-10', '/orders']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(['/order/step-10', '/orders'].includes(url) ? 404 : 200);
      expect(response.headers.link).toBeUndefined();
    }
  });

  it('serves the service worker and caches hashed assets for a year', async () => {
    const sw = await ctx.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.equals(brotliCompressSync('console.log(1)'))).toBe(true);
  });

  it('sends security headers: the SPA CSP on pages, a locked-down CSP on API answers', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/cabinet/orders',
      headers: { accept: 'text/html' },
    });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain('script-src');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const response of [page, api]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    // The document-only headers go with pages, not with JSON answers (decision 082).
    for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control']) {
      expect(page.headers[name]).toBeDefined();
      expect(api.headers[name]).toBeUndefined();
    }
  });

  it('answers malformed JSON with a 400 in the shared error body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: MESSAGES.malformedJson,
    });
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'x'.repeat(10_000), password: 'y' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('validates bodies with Russian messages and field paths', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; details: Array<{ path: string }> }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(/[а-яА-Я]/);
    expect(body.details.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['body.login', 'body.password']),
    );
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://app.perevod.example', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.perevod.example');
    const denied = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes an OpenAPI 3 document generated from the contracts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/api/order/form-params');
  });

  it('serves form parameters with at least 6 documents, the assurances and the four delivery types', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json<{
      documents: Array<{ name: string; price: number }>;
      assurances: Array<{ type: string }>;
      deliveries: Array<{ type: string }>;
      languages: unknown[];
    }>();
    expect(body.documents.length).toBeGreaterThanOrEqual(6);
    expect(body.documents.find((doc) => doc.name === 'Паспорт')?.price).toBe(1500);
    expect(body.assurances.map((item) => item.type)).toEqual(
      expect.arrayContaining(['notarization', 'translator_certification', 'apostille']),
    );
    expect(body.deliveries.map((item) => item.type).sort()).toEqual([
      'COURIER',
      'ELECTRONIC',
      'OFFICE',
      'PICKUP_POINT',
    ]);
    expect(body.languages.length).toBeGreaterThan(5);
  });
});
