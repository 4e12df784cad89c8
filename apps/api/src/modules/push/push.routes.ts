import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PushSubscriptionSchema, SuccessResponseSchema, VapidPublicKeyResponseSchema } from '@app/contracts';
import { PUBLIC, SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { PushService } from './push.service.ts';

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, opts) => {
  const tags = ['notifications'];
  app.get(
    '/api/notifications/vapid-public-key',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Публичный VAPID-ключ для подписки на push',
        response: { 200: VapidPublicKeyResponseSchema },
      },
    },
    async () => ({ publicKey: await opts.push.publicKey() }),
  );
  app.post(
    '/api/notifications/subscribe',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Подписка браузера на push',
        body: PushSubscriptionSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await opts.push.subscribe(requireUser(request), request.body, request.headers['user-agent']);
      return { success: true as const };
    },
  );
};
