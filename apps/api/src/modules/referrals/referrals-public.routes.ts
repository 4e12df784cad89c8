import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import { z } from 'zod';
import { REFERRAL_COOKIE, REFERRAL_SUB_PARAM } from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { ReferralsService } from './referrals.service.ts';

/**
 * GET /r/:code, the referral redirect (decision 061). Registered as a route, so the SPA's fallback never sees it.
 * Public. @fastify/cookie is registered here, in this route's own scope and without its parsing hook: registered
 * for the whole app its hooks would run on every route, the order form's hot path included (decision 040). Its
 * registration also loads the parser POST /api/order reads the cookie with (`fastifyCookie.parse`).
 */
export const referralsPublicRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (
  app,
  opts,
) => {
  await app.register(fastifyCookie, { hook: false });
  app.get(
    '/r/:code',
    {
      config: { access: PUBLIC },
      schema: { hide: true, params: z.object({ code: z.string().max(100) }) },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const { location, cookie } = await opts.referrals.followLink(request.params.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        referrer: request.headers.referer,
        subId: query[REFERRAL_SUB_PARAM],
      });
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
