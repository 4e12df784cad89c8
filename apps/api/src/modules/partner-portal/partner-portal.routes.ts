import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePartnerPasswordRequestSchema,
  MESSAGES,
  PARTNER_MESSAGES,
  PartnerApplicationRequestSchema,
  PartnerAuthResponseSchema,
  PartnerForgotPasswordRequestSchema,
  PartnerProfileResponseSchema,
  SetPartnerPasswordRequestSchema,
  SuccessResponseSchema,
  UpdatePartnerProfileRequestSchema,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import { PARTNER_PORTAL, PUBLIC, requirePartner } from '../../plugins/auth.ts';
import type { PartnerJoiningService } from './partner-joining.service.ts';
import type { PartnerPortalService } from './partner-portal.service.ts';

// Sign-in and sign-out of the portal are auth's (modules/auth/partner-auth.routes.ts).
export const partnerPortalRoutes: FastifyPluginAsyncZod<{
  partnerPortal: PartnerPortalService;
  partnerJoining: PartnerJoiningService;
  config: Pick<Config, 'rateLimits'>;
}> = async (app, opts) => {
  const { partnerPortal, partnerJoining, config } = opts;
  const tags = ['partner-portal'];
  // Public forms that mail or set passwords: the sign-in limit per client address.
  const publicLimit = {
    max: config.rateLimits.authPerIp,
    timeWindow: config.rateLimits.authWindowSeconds * 1000,
  };

  app.post(
    '/api/partner/apply',
    {
      config: { access: PUBLIC, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Заявка в партнёрскую программу',
        body: PartnerApplicationRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await partnerJoining.apply(request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/partner/password/set',
    {
      config: { access: PUBLIC, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Установить пароль по одноразовой ссылке из письма (и войти)',
        body: SetPartnerPasswordRequestSchema,
        response: { 200: PartnerAuthResponseSchema },
      },
    },
    async (request) =>
      partnerJoining.setPassword(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/api/partner/password/forgot',
    {
      config: { access: PUBLIC, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Забыли пароль: ссылка на e-mail (ответ одинаков, есть такой партнёр или нет)',
        body: PartnerForgotPasswordRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await partnerJoining.requestPasswordReset(request.body.email);
      return { success: true as const, message: PARTNER_MESSAGES.partnerPasswordResetSent };
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

  app.put(
    '/api/partner/profile',
    {
      config: { access: PARTNER_PORTAL },
      schema: {
        tags,
        summary: 'Изменить профиль партнёра (e-mail не меняется)',
        body: UpdatePartnerProfileRequestSchema,
        response: { 200: PartnerProfileResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await partnerPortal.updateProfile(requirePartner(request), request.body),
    }),
  );

  app.put(
    '/api/partner/change-password',
    {
      config: { access: PARTNER_PORTAL },
      schema: {
        tags,
        summary: 'Сменить пароль (другие сеансы партнёра завершаются)',
        body: ChangePartnerPasswordRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await partnerPortal.changePassword(requirePartner(request), request.body);
      return { success: true as const, message: MESSAGES.partnerPasswordChanged };
    },
  );
};
