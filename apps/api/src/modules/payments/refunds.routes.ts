import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateRefundRequestSchema,
  IdParamsSchema,
  OrderRefundsResponseSchema,
  RefundParamsSchema,
  RefundSchema,
} from '@app/contracts';
import { ADMIN_ONLY, SIGNED_IN, requireUser } from '#src/plugins/auth.ts';
import type { RefundsService } from './refunds.service.ts';

/** Refunds of an order (decision 046): ADMIN records and retries; staff and the order's owner read. */
export const refundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (app, opts) => {
  const tags = ['payments'];
  const { refunds } = opts;

  app.get(
    '/api/order/:id/refunds',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Возвраты по заказу: сколько получено, возвращено и осталось (свой заказ — для клиента)',
        params: IdParamsSchema,
        response: { 200: OrderRefundsResponseSchema },
      },
    },
    async (request) => refunds.listForOrder(requireUser(request), request.params.id),
  );

  app.post(
    '/api/order/:id/refunds',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Оформить возврат (полный или частичный, с причиной; только ADMIN)',
        params: IdParamsSchema,
        body: CreateRefundRequestSchema,
        response: { 201: RefundSchema },
      },
    },
    async (request, reply) => {
      const refund = await refunds.create(requireUser(request), request.params.id, request.body);
      return reply.status(201).send(refund);
    },
  );

  app.post(
    '/api/order/:id/refunds/:refundId/retry',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Повторить отправку возврата в платёжную систему (или узнать его состояние)',
        params: RefundParamsSchema,
        response: { 200: RefundSchema },
      },
    },
    async (request) => refunds.retry(requireUser(request), request.params.id, request.params.refundId),
  );
};
