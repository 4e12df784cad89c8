import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FailedJobGroupsResponseSchema,
  formatMessage,
  MESSAGES,
  OrderMonitoringResponseSchema,
  RetryFailedParamsSchema,
  RetryJobParamsSchema,
  RetryJobsResponseSchema,
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
  app.get(
    '/api/admin/order-monitoring/order/:orderId',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Фоновая работа по заказу: события и задачи',
        params: z.object({ orderId: z.uuid({ message: MESSAGES.orderNotFound }) }),
        response: { 200: OrderMonitoringResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await monitoring.orderMonitoring(request.params.orderId),
    }),
  );
  app.get(
    '/api/admin/queue/failed-groups',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Задачи с ошибкой за 24 часа, сгруппированные по тексту ошибки',
        response: { 200: FailedJobGroupsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await monitoring.failedGroups() }),
  );
  app.post(
    '/api/admin/queue/jobs/:id/retry',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Повторить задачу с ошибкой',
        params: RetryJobParamsSchema,
        response: { 200: RetryJobsResponseSchema },
      },
    },
    async (request) => {
      const retried = await monitoring.retryJob(request.params.id);
      return { success: true as const, message: MESSAGES.jobRetried, retried };
    },
  );
  app.post(
    '/api/admin/queue/:queue/retry-failed',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Повторить все задачи очереди с ошибкой',
        params: RetryFailedParamsSchema,
        response: { 200: RetryJobsResponseSchema },
      },
    },
    async (request) => {
      const retried = await monitoring.retryFailed(request.params.queue);
      return {
        success: true as const,
        message: formatMessage(MESSAGES.jobsRetried, { count: retried }),
        retried,
      };
    },
  );
};
