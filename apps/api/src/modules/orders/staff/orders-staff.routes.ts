import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActExchangeResponseSchema,
  DeleteOrderRequestSchema,
  OrderFilterOptionsResponseSchema,
  OrderListQuerySchema,
  StaffOrderFiltersSchema,
  StaffOrderListItemSchema,
  StaffOrderListQuerySchema,
  SuccessResponseSchema,
  UpdateActExchangeRequestSchema,
  UpdateOrderAmountRequestSchema,
  UpdateOtherDocumentAmountRequestSchema,
  listResponse,
} from '@app/contracts';
import { ADMIN_ONLY, STAFF, requireUser } from '#src/plugins/auth.ts';
import type { OrdersStaffService } from './orders-staff.service.ts';

export const ordersStaffRoutes: FastifyPluginAsyncZod<{ staff: OrdersStaffService }> = async (app, opts) => {
  const tags = ['orders (back office)'];
  const { staff } = opts;

  app.get(
    '/api/order',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Заказы: фильтры, поиск по номеру, e-mail, телефону, имени; постраничный вывод курсором',
        querystring: StaffOrderListQuerySchema,
        response: { 200: listResponse(StaffOrderListItemSchema) },
      },
    },
    async (request) => staff.list(request.query),
  );

  app.get(
    '/api/order/export.csv',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'CSV ровно того набора, что выбран фильтрами',
        querystring: StaffOrderFiltersSchema,
      },
    },
    async (request, reply) => {
      const { Readable } = await import('node:stream');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders.csv"`)
        .send(Readable.from(staff.exportCsv(request.query)));
    },
  );

  app.get(
    '/api/order/filter-options',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Партнёры и их пункты выдачи для фильтра списка заказов',
        response: { 200: OrderFilterOptionsResponseSchema },
      },
    },
    async () => staff.filterOptions(),
  );

  app.patch(
    '/api/order/act-exchanged',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Отметить, что подписанный акт организации получен (или снять отметку)',
        body: UpdateActExchangeRequestSchema,
        response: { 200: ActExchangeResponseSchema },
      },
    },
    async (request) => staff.setActExchanged(requireUser(request), request.body),
  );

  app.get(
    '/api/order/partner',
    {
      config: { access: { kind: 'user', roles: ['PARTNER'] } },
      schema: {
        tags,
        summary: 'Заказы в пункты выдачи партнёра',
        querystring: OrderListQuerySchema,
        response: { 200: listResponse(StaffOrderListItemSchema) },
      },
    },
    async (request) => staff.listForPartner(requireUser(request), request.query),
  );

  app.patch(
    '/api/order/amount',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Изменить сумму заказа (только ADMIN)',
        body: UpdateOrderAmountRequestSchema,
        response: { 200: z.object({ id: z.string(), amount: z.number() }) },
      },
    },
    async (request) => staff.updateAmount(requireUser(request), request.body),
  );

  app.patch(
    '/api/order/other-document-amount',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Цена и себестоимость «другого документа»',
        description:
          'Документ, который делаем у подрядчика (решение 044): цена для клиента входит в сумму заказа и не больше её, ' +
          'итог не меняет; себестоимость — наш расход («Другие документы» в статистике).',
        body: UpdateOtherDocumentAmountRequestSchema,
        response: {
          200: z.object({
            orderId: z.string(),
            otherPrice: z.number().nullable(),
            otherCost: z.number().nullable(),
          }),
        },
      },
    },
    async (request) => staff.updateOtherDocumentAmount(requireUser(request), request.body),
  );

  app.delete(
    '/api/order',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Удалить заказ (только ADMIN, с записью в журнал)',
        body: DeleteOrderRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await staff.remove(requireUser(request), request.body.id);
      return { success: true as const };
    },
  );
};
