import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  OrderDetailSchema,
  OrderListItemSchema,
  OrderListQuerySchema,
  PartnerOrderDetailSchema,
  type PartnerOrderDetail,
  UpdateOrderStatusRequestSchema,
  listResponse,
} from '@app/contracts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import { SIGNED_IN, requireUser } from '#src/plugins/auth.ts';
import type { OrderStatusService } from '../order-status.service.ts';
import type { OrdersQueryService } from '../query/orders-query.service.ts';

/** The customer's view of their orders (staff may read any order through the same calls). */
export const ordersCabinetRoutes: FastifyPluginAsyncZod<{
  query: OrdersQueryService;
  status: OrderStatusService;
  /** A pickup partner's read-only view of an order to its point (decision 050): its answer to a hand-over. */
  partnerView: (actor: UserPrincipal, orderId: string) => Promise<PartnerOrderDetail>;
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
        // The pickup partner's hand-over is answered with its read-only view (decisions 050, 057).
        response: { 200: z.union([OrderDetailSchema, PartnerOrderDetailSchema]) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return (
        (await opts.status.updateStatus(actor, request.body)) ??
        (await opts.partnerView(actor, request.body.id))
      );
    },
  );
};
