import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileSchema } from '@app/contracts';
import { SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { ProfileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, opts) => {
  app.get(
    '/api/profile',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary: 'Профиль текущего пользователя',
        response: { 200: ProfileSchema },
      },
    },
    async (request) => opts.profile.getProfile(requireUser(request)),
  );
};
