import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PartnerAuthResponseSchema,
  PartnerLoginRequestSchema,
  PartnerProfileResponseSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import { PARTNER_PORTAL, PUBLIC, requirePartner } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PartnerPortalService } from './partner-portal.service.ts';

export const partnerPortalRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  partnerPortal: PartnerPortalService;
  config: Config;
}> = async (app, opts) => {
  const { auth, partnerPortal, config } = opts;
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

  app.get(
    '/api/partner/profile',
    {
      config: { access: PARTNER_PORTAL },
      schema: { tags, summary: 'Профиль партнёра', response: { 200: PartnerProfileResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await partnerPortal.getProfile(requirePartner(request)),
    }),
  );
};
