import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  NotificationListResponseSchema,
  OrderListQuerySchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  opts,
) => {
  const tags = ['notifications'];
  app.get(
    '/api/notifications',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Мои уведомления (новые сначала) и число непрочитанных',
        querystring: OrderListQuerySchema,
        response: { 200: NotificationListResponseSchema },
      },
    },
    async (request) => opts.notifications.list(requireUser(request), request.query),
  );
  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Отметить прочитанным',
        params: IdParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await opts.notifications.markRead(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
  app.post(
    '/api/notifications/read-all',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Отметить все прочитанными', response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await opts.notifications.markAllRead(requireUser(request));
      return { success: true as const };
    },
  );
};
