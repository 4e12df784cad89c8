import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  OrderDetailSchema,
  OrderListItemSchema,
  OrderListQuerySchema,
  UpdateOrderStatusRequestSchema,
  listResponse,
} from '@app/contracts';
import { SIGNED_IN, requireUser } from '#src/plugins/auth.ts';
import type { OrderStatusService } from '../order-status.service.ts';
import type { OrdersQueryService } from '../query/orders-query.service.ts';

/** The customer's view of their orders (staff may read any order through the same calls). */
export const ordersCabinetRoutes: FastifyPluginAsyncZod<{
  query: OrdersQueryService;
  status: OrderStatusService;
}> = async (app, opts) => {
  const tags = ['orders'];
  app.get(
    '/api/order/my',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Мои заказы (новые сначала)',
        querystring: OrderListQuerySchema,
        response: { 200: listResponse(OrderListItemSchema) },
      },
    },
    async (request) => opts.query.listMine(requireUser(request), request.query),
  );

  app.get(
    '/api/order/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Заказ (свой — для клиента, любой — для сотрудника)',
        params: IdParamsSchema,
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => opts.query.getDetail(requireUser(request), request.params.id),
  );

  app.post(
    '/api/order/:id/confirm-owner',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Подтвердить, что заказ на мой e-mail сделан мной (или для меня)',
        params: IdParamsSchema,
        response: { 200: z.object({ id: z.string(), ownerConfirmed: z.literal(true) }) },
      },
    },
    async (request) => opts.query.confirmOwner(requireUser(request), request.params.id),
  );

  app.get(
    '/api/order/:id/files/:fileId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Скачать файл заказа', params: IdParamsSchema.extend({ fileId: z.uuid() }) },
    },
    async (request, reply) => {
      const file = await opts.query.openFile(requireUser(request), request.params.id, request.params.fileId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.stream);
    },
  );

  app.patch(
    '/api/order/status',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Сменить статус: клиент — только отмена своего заказа, сотрудник — по таблице переходов',
        body: UpdateOrderStatusRequestSchema,
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => opts.status.updateStatus(requireUser(request), request.body),
  );
};
