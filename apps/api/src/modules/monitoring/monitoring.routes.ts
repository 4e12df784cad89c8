import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MonitoringDashboardSchema,
  QueueDataResponseSchema,
  QueueInfoSchema,
  QueueJobSchema,
  QueueJobStateSchema,
} from '@app/contracts';
import { ADMIN_ONLY, STAFF } from '../../plugins/auth.ts';
import type { MonitoringService } from './monitoring.service.ts';

export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  app,
  opts,
) => {
  const { monitoring } = opts;
  const tags = ['monitoring'];

  app.get(
    '/api/admin/queue/info',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Очереди: подключение и число задач',
        response: { 200: QueueDataResponseSchema(QueueInfoSchema) },
      },
    },
    async () => ({ success: true as const, data: await monitoring.queueInfo() }),
  );
  app.get(
    '/api/admin/queue/jobs/:status',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Задачи в статусе waiting, active, completed, failed или delayed',
        params: z.object({ status: QueueJobStateSchema }),
        response: { 200: QueueDataResponseSchema(z.array(QueueJobSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await monitoring.jobsByState(request.params.status),
    }),
  );
  app.get(
    '/api/admin/queue/order/:orderId',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Задачи заказа',
        params: z.object({ orderId: z.uuid() }),
        response: { 200: QueueDataResponseSchema(z.array(QueueJobSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await monitoring.jobsOfOrder(request.params.orderId),
    }),
  );
  app.delete(
    '/api/admin/queue/order/:orderId',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Отменить незавершённые задачи заказа',
        params: z.object({ orderId: z.uuid() }),
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), cancelled: z.number().int() }),
        },
      },
    },
    async (request) => {
      const cancelled = await monitoring.cancelOrderJobs(request.params.orderId);
      return { success: true as const, message: `Отменено задач: ${cancelled}`, cancelled };
    },
  );
  app.get(
    '/api/admin/order-monitoring/dashboard',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Проблемные заказы за 24 часа, статистика заказов и событий',
        response: { 200: QueueDataResponseSchema(MonitoringDashboardSchema) },
      },
    },
    async () => ({ success: true as const, data: await monitoring.dashboard() }),
  );
};
