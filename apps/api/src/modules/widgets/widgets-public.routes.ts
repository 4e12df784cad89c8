import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import { z } from 'zod';
import {
  IdParamsSchema,
  REFERRAL_COOKIE,
  WidgetPublicConfigSchema,
  WidgetQuoteResponseSchema,
  WidgetSelectionQuerySchema,
} from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { WidgetsService } from './widgets.service.ts';

/**
 * What the embedded widget calls from a partner's site (decision 072): its config and quotes, cross-origin GETs
 * (no preflight), answered with the caller's Origin in Access-Control-Allow-Origin (the body says whether the
 * widget is allowed there; without credentials nothing private can leak), and the hand-over /w/:id.
 */
export const widgetsPublicRoutes: FastifyPluginAsyncZod<{ widgets: WidgetsService }> = async (app, opts) => {
  const { widgets } = opts;
  const tags = ['widget'];
  await app.register(fastifyCookie, { hook: false });

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/widget/')) return;
    const origin = request.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin);
    reply
      .header('vary', 'Origin')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'no-store');
  });
  const originOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

  app.get(
    '/api/widget/:id/config',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Настройки виджета для сайта партнёра',
        params: IdParamsSchema,
        response: { 200: WidgetPublicConfigSchema },
      },
    },
    async (request) => widgets.publicConfig(request.params.id, originOf(request.headers.origin)),
  );
  app.get(
    '/api/widget/:id/quote',
    {
      config: { access: PUBLIC, rateLimit: { max: 300, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Расчёт стоимости в виджете',
        params: IdParamsSchema,
        querystring: WidgetSelectionQuerySchema,
        response: { 200: WidgetQuoteResponseSchema },
      },
    },
    async (request) => widgets.quote(request.params.id, originOf(request.headers.origin), request.query),
  );
  app.get(
    '/w/:id',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { hide: true, params: z.object({ id: z.string().max(100) }) },
    },
    async (request, reply) => {
      const parsedId = IdParamsSchema.safeParse(request.params);
      const selection = WidgetSelectionQuerySchema.safeParse(request.query);
      const { location, cookie } = parsedId.success
        ? await widgets.handOver(parsedId.data.id, selection.success ? selection.data : null, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            referrer: request.headers.referer,
          })
        : { location: '/order', cookie: null };
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (cookie) {
        reply.setCookie(REFERRAL_COOKIE, cookie.clickId, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          maxAge: cookie.maxAgeSeconds,
          secure: cookie.secure,
        });
      }
      return reply.redirect(location, 302);
    },
  );
};
