import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isSpaPage, MESSAGES } from '@app/contracts';
import { guardRequest } from './input-guard.ts';

/**
 * The order steps cannot show their form before `GET /api/order/form-params`: the page's answer tells the browser
 * to start that request at once, in parallel with the scripts, instead of after them (decision 013). The
 * client's fetch (credentials: 'include') takes the preloaded answer.
 */
const ORDER_STEP_PATH = /^\/order(?:\/step-[123])?\/?(?:\?|$)/;
const FORM_PARAMS_PRELOAD = '</api/order/form-params>; rel=preload; as=fetch; crossorigin=use-credentials';

/**
 * Step 1 is where visitors land: the build writes a copy of index.html with its first screen drawn in
 * (apps/web/scripts/prerender.mjs, decision 017), served for that path only.
 */
const ORDER_STEP_1_PATH = /^\/order\/step-1\/?(?:\?|$)/;
const ORDER_STEP_1_HTML = 'order-step-1.html';

/**
 * The other order pages (/order, steps 2 and 3, the success pages): index.html preloading the order pages' own
 * app instead of the main one (decision 018).
 */
const ORDER_PATH = /^\/order(?:[/?#]|$)/;
const ORDER_HTML = 'order.html';

const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function pickPage(url: string, has: { step1: boolean; order: boolean }): string {
  if (has.step1 && ORDER_STEP_1_PATH.test(url)) return ORDER_STEP_1_HTML;
  if (has.order && ORDER_PATH.test(url)) return ORDER_HTML;
  return 'index.html';
}

/**
 * A production deployment whose payments are the built-in test page (PAYMENTS_TEST_MODE, decision 022) says so on
 * every page, before any script runs and without a request of its own: the banner is written into the HTML.
 */
export const PAYMENTS_TEST_BANNER =
  '<div role="status" data-testid="payments-test-mode" style="background:#ffec99;color:#1a1b1e;' +
  'font:600 14px/1.4 system-ui,sans-serif;text-align:center;padding:6px 12px">' +
  'Тестовый режим оплаты: деньги не списываются, заказы не оплачиваются по-настоящему</div>';

export function withPaymentsTestBanner(html: string): string {
  return html.replace(/<body[^>]*>/i, (body) => `${body}${PAYMENTS_TEST_BANNER}`);
}

/**
 * Serves the built SPA. Unknown /api paths are a JSON 404; any other GET gets index.html: with 200 on a page of
 * the app (SPA_PAGE_PATTERNS in the contracts), with 404 elsewhere (the app shows its "page not found").
 */
export const staticSpaPlugin = fp<{ distDir: string | null; paymentsTestMode?: boolean }>(
  async (app: FastifyInstance, options) => {
    const distDir = options.distDir ? path.resolve(options.distDir) : null;
    /** Pages with the test-mode banner written in, read once (the build does not change under a running server). */
    const bannerPages = new Map<string, string>();
    function pageWithBanner(file: string): string {
      let html = bannerPages.get(file);
      if (html === undefined) {
        html = withPaymentsTestBanner(readFileSync(path.join(distDir!, file), 'utf8'));
        bannerPages.set(file, html);
      }
      return html;
    }
    const plainPages = new Map<string, string>();
    function plainPage(file: string): string {
      let html = plainPages.get(file);
      if (html === undefined) {
        html = readFileSync(path.join(distDir!, file), 'utf8');
        plainPages.set(file, html);
      }
      return html;
    }
    const hasSpa = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
    const has = {
      step1: Boolean(distDir && existsSync(path.join(distDir, ORDER_STEP_1_HTML))),
      order: Boolean(distDir && existsSync(path.join(distDir, ORDER_HTML))),
    };
    if (hasSpa && distDir) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build writes .br/.gz next to each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
          if (filePath.endsWith('service-worker.js')) res.header('service-worker-allowed', '/');
          // The integrator widget's script (decision 072): partners' pages may keep it five minutes.
          if (filePath.endsWith(`${path.sep}widget.js`)) res.header('cache-control', 'public, max-age=300');
        },
      });
    }

    // The input guard is a hook of each route (decision 040); an address no route answers is checked too.
    app.setNotFoundHandler({ preValidation: guardRequest }, (request, reply) => {
      const isApi =
        request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
      // A build file that is not there (a tab opened before a deploy asks for an old chunk) is a 404: as a page it
      // would reach the browser as a script made of HTML.
      const isAsset = request.url.startsWith('/assets/');
      if (!isApi && !isAsset && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
        if (ORDER_STEP_PATH.test(request.url)) reply.header('link', FORM_PARAMS_PRELOAD);
        const page = pickPage(request.url, has);
        // An address that is no page of the app gets the app's "page not found" with a 404 (the shared list).
        if (!isSpaPage(request.url.split(/[?#]/)[0] ?? '/')) {
          return reply
            .status(404)
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(options.paymentsTestMode ? pageWithBanner(page) : plainPage(page));
        }
        if (options.paymentsTestMode) {
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(pageWithBanner(page));
        }
        return reply.header('cache-control', 'no-cache').sendFile(page);
      }
      if (isApi) {
        // The address exists with other methods: 405 with Allow, in the shared error body (decision 021).
        const url = request.url.split('?')[0] ?? request.url;
        const allowed = API_METHODS.filter(
          (method) => method !== request.method && app.findRoute({ method, url }) !== null,
        );
        if (allowed.length > 0) {
          return reply
            .status(405)
            .header('allow', allowed.join(', '))
            .send({ statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: MESSAGES.methodNotAllowed });
        }
      }
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.routeNotFound });
    });
  },
  { name: 'static-spa' },
);
