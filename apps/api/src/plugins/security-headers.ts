import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Content Security Policy the SPA runs under (Telegram widget and map providers are the only third parties). */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  // Yandex Metrica (mc.yandex.ru) and GA4 (googletagmanager.com), when configured (decision 066).
  'script-src': [
    "'self'",
    'https://telegram.org',
    'https://api-maps.yandex.ru',
    'https://*.yandex.ru',
    'https://www.googletagmanager.com',
  ],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': [
    "'self'",
    'https://*.yandex.ru',
    'https://*.yandex.net',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  'frame-src': ['https://oauth.telegram.org'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const serializeCsp = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/**
 * Security headers, computed once. API answers (JSON) get a locked-down CSP; pages and assets get the SPA's CSP.
 * Our own few lines instead of helmet: the same headers at a fraction of the per-request cost (see decision 004).
 */
export const securityHeadersPlugin = fp<{ hsts: boolean }>(
  async (app: FastifyInstance, options) => {
    // Every answer: the set OWASP's REST cheat sheet asks of an API (with cache-control set per route).
    const common: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    };
    const apiHeaders = { ...common, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };
    // What only a document acts on (its links, popups, prefetches and plug-ins): pages and assets, not JSON answers,
    // where each header line costs CPU on every request (decision 082).
    const pageHeaders = {
      ...common,
      'referrer-policy': 'strict-origin-when-cross-origin',
      // The Telegram widget opens a popup that posts back to us.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
      'content-security-policy': serializeCsp(CONTENT_SECURITY_POLICY),
    };
    // The integrator widget runs on partners' sites (decision 072): other origins may load this one script.
    const widgetScriptHeaders = { ...pageHeaders, 'cross-origin-resource-policy': 'cross-origin' };

    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(
        request.url.startsWith('/api/')
          ? apiHeaders
          : request.url === '/widget.js' || request.url.startsWith('/widget.js?')
            ? widgetScriptHeaders
            : pageHeaders,
      );
      done();
    });
  },
  { name: 'security-headers' },
);
