import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailChangeRequestSchema,
  ProfileSchema,
  RequestCodeResponseSchema,
  UpdateOrganizationRequestSchema,
  UpdateProfileRequestSchema,
  VerifyCodeRequestSchema,
} from '@app/contracts';
import { SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProfileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService; auth: AuthService }> = async (
  app,
  opts,
) => {
  const tags = ['profile'];
  app.get(
    '/api/profile',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Профиль текущего пользователя', response: { 200: ProfileSchema } },
    },
    async (request) => opts.profile.getProfile(requireUser(request)),
  );

  app.patch(
    '/api/profile',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Изменить имя и телефон',
        body: UpdateProfileRequestSchema,
        response: { 200: ProfileSchema },
      },
    },
    async (request) => opts.profile.updateProfile(requireUser(request), request.body),
  );

  app.put(
    '/api/profile/organization',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Реквизиты организации (ИНН с контрольной суммой, КПП, название, адрес)',
        body: UpdateOrganizationRequestSchema,
        response: { 200: ProfileSchema },
      },
    },
    async (request) => opts.profile.updateOrganization(requireUser(request), request.body),
  );

  app.post(
    '/api/profile/email/request-code',
    {
      config: { access: SIGNED_IN, rateLimit: { max: 10, timeWindow: 600_000 } },
      schema: {
        tags,
        summary: 'Смена e-mail: код на новый адрес',
        body: EmailChangeRequestSchema,
        response: { 200: RequestCodeResponseSchema },
      },
    },
    async (request) => opts.auth.requestEmailChangeCode(requireUser(request), request.body.email),
  );

  app.post(
    '/api/profile/email/confirm',
    {
      config: { access: SIGNED_IN, rateLimit: { max: 30, timeWindow: 600_000 } },
      schema: {
        tags,
        summary: 'Смена e-mail: подтвердить кодом',
        body: VerifyCodeRequestSchema,
        response: { 200: ProfileSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await opts.auth.confirmEmailChange(actor, request.body);
      return opts.profile.getProfile(actor);
    },
  );
};
