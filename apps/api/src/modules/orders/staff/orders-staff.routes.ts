import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActExchangeResponseSchema,
  DeleteOrderRequestSchema,
  OrderFilterOptionsResponseSchema,
  PartnerOrderDetailSchema,
  PartnerOrderListItemSchema,
  PartnerOrderListQuerySchema,
  PartnerOrderParamsSchema,
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
import { sendCsv } from '#src/lib/csv.ts';

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
    async (request, reply) => sendCsv(reply, 'orders.csv', staff.exportCsv(request.query)),
  );

  // The same export with the filters in a JSON body: 500 selected ids (~19 KB) do not fit the 16 KB request line
  // a GET is limited to (decision 050).
  app.post(
    '/api/order/export.csv',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'CSV выбранных заказов (ids) или набора по фильтрам, фильтры в теле запроса',
        body: StaffOrderFiltersSchema,
      },
    },
    async (request, reply) => sendCsv(reply, 'orders.csv', staff.exportCsv(request.body)),
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
        summary: 'Заказы в пункты выдачи партнёра; поиск по номеру, имени, телефону',
        querystring: PartnerOrderListQuerySchema,
        response: { 200: listResponse(PartnerOrderListItemSchema) },
      },
    },
    async (request) => staff.listForPartner(requireUser(request), request.query),
  );

  app.get(
    '/api/order/partner/:id',
    {
      config: { access: { kind: 'user', roles: ['PARTNER'] } },
      schema: {
        tags,
        summary: 'Заказ в пункт выдачи партнёра (только чтение; чужой заказ — «не найден»)',
        params: PartnerOrderParamsSchema,
        response: { 200: PartnerOrderDetailSchema },
      },
    },
    async (request) => staff.getForPartner(requireUser(request), request.params.id),
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
