import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GuestOrderStatusSchema, OrderStatusTokenParamsSchema } from '@app/contracts';
import { PUBLIC } from '#src/plugins/auth.ts';
import type { OrdersQueryService } from '../query/orders-query.service.ts';

/** The guest order-status link from the e-mails (decision 036): read-only, no cabinet access. */
export const orderStatusLinkRoutes: FastifyPluginAsyncZod<{ query: OrdersQueryService }> = async (
  app,
  opts,
) => {
  app.get(
    '/api/order-status/:token',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['order-status'],
        summary: 'Статус заказа по ссылке из письма (только чтение)',
        params: OrderStatusTokenParamsSchema,
        response: { 200: GuestOrderStatusSchema },
      },
    },
    async (request) => opts.query.getGuestStatus(request.params.token),
  );
};
