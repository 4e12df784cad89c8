import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PartnerAuthResponseSchema, PartnerLoginRequestSchema, SuccessResponseSchema } from '@app/contracts';
import type { Config } from '../../config.ts';
import { PARTNER_PORTAL, PUBLIC, requirePartner } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

/** The partner portal's sign-in: every sign-in (customer, staff, partner) lives in auth, the portal's pages do not. */
export const partnerAuthRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  opts,
) => {
  const { auth, config } = opts;
  const tags = ['partner-portal'];

  app.post(
    '/api/partner/auth/login',
    {
      config: {
        access: PUBLIC,
        rateLimit: {
          max: config.rateLimits.authPerIp,
          timeWindow: config.rateLimits.authWindowSeconds * 1000,
        },
      },
      schema: {
        tags,
        summary: 'Вход в кабинет партнёра',
        body: PartnerLoginRequestSchema,
        response: { 200: PartnerAuthResponseSchema },
      },
    },
    async (request) =>
      auth.loginPartner(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/api/partner/auth/logout',
    {
      config: { access: PARTNER_PORTAL },
      schema: { tags, summary: 'Выход из кабинета партнёра', response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await auth.logout(requirePartner(request));
      return { success: true as const };
    },
  );
};
