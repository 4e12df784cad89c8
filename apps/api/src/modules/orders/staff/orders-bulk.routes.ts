import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BulkOrderStatusRequestSchema, BulkOrderStatusResponseSchema } from '@app/contracts';
import { STAFF, requireUser } from '#src/plugins/auth.ts';
import type { OrderStatusService } from '../order-status.service.ts';

/** Bulk actions of the CRM order list; the export of the selected is the CSV export's `ids` filter. */
export const ordersBulkRoutes: FastifyPluginAsyncZod<{ status: OrderStatusService }> = async (app, opts) => {
  app.post(
    '/api/order/bulk-status',
    {
      config: { access: STAFF },
      schema: {
        tags: ['orders (back office)'],
        summary: 'Сменить статус нескольких заказов: каждый отдельно, ответ по каждому',
        body: BulkOrderStatusRequestSchema,
        response: { 200: BulkOrderStatusResponseSchema },
      },
    },
    async (request) => opts.status.updateStatusInBulk(requireUser(request), request.body),
  );
};
