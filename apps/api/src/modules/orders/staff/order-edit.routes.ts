import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderEditContentSchema,
  OrderEditParamsSchema,
  OrderEditPreviewSchema,
  OrderEditRequestSchema,
  OrderTimelineResponseSchema,
} from '@app/contracts';
import { STAFF, requireUser } from '#src/plugins/auth.ts';
import type { OrderEditService } from './order-edit.service.ts';
import type { OrderTimelineService } from './order-timeline.service.ts';

/** Editing an order before work starts (decision 054) and its one timeline (decision 055). */
export const orderEditRoutes: FastifyPluginAsyncZod<{
  edit: OrderEditService;
  timeline: OrderTimelineService;
}> = async (app, opts) => {
  const tags = ['orders (back office)'];
  const { edit, timeline } = opts;

  app.post(
    '/api/order/:id/edit/preview',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Пересчитать заказ с новыми строками, контактами и адресом (ничего не сохраняет)',
        params: OrderEditParamsSchema,
        body: OrderEditContentSchema,
        response: { 200: OrderEditPreviewSchema },
      },
    },
    async (request) => edit.preview(requireUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/order/:id/edit',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Сохранить изменение строк, контактов и адреса заказа до начала работы (с причиной)',
        params: OrderEditParamsSchema,
        body: OrderEditRequestSchema,
        response: { 200: OrderEditPreviewSchema },
      },
    },
    async (request) => edit.save(requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/order/:id/timeline',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Лента заказа: статусы, суммы, изменения, заметки, письма, уведомления, оплаты, задачи',
        params: OrderEditParamsSchema,
        response: { 200: OrderTimelineResponseSchema },
      },
    },
    async (request) => timeline.timeline(request.params.id),
  );
};
