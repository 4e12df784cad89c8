import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CronRunParamsSchema,
  CronRunResponseSchema,
  formatMessage,
  JobBulkRequestSchema,
  JobBulkResponseSchema,
  JobDetailResponseSchema,
  JobListQuerySchema,
  JobListResponseSchema,
  MESSAGES,
  QueueActionResponseSchema,
  QueueParamsSchema,
  QueueStatesResponseSchema,
  RetryJobParamsSchema,
  ThroughputQuerySchema,
  ThroughputResponseSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser, STAFF } from '../../plugins/auth.ts';
import type { QueueJobsService } from './queue-jobs.service.ts';

/**
 * Queues as Bull Board / Oban Web users expect (issue 17, decision 056). Reading lists, charts and queue states is
 * ADMIN's (the automation tab); one job's detail is also a MANAGER's (jobs are linked from the order monitoring
 * page), with personal data masked. Every action is ADMIN's.
 */
export const queueJobsRoutes: FastifyPluginAsyncZod<{ queueJobs: QueueJobsService }> = async (app, opts) => {
  const { queueJobs } = opts;
  const tags = ['monitoring'];

  app.get(
    '/api/admin/queue/jobs',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Задачи: страница по курсору, фильтры по статусу, очереди, имени и заказу',
        querystring: JobListQuerySchema,
        response: { 200: JobListResponseSchema },
      },
    },
    async (request) => {
      const { items, nextCursor } = await queueJobs.listJobs(request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );
  app.get(
    '/api/admin/queue/job/:id',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Одна задача: данные, результат или ошибка, попытки, время (и из архива)',
        params: RetryJobParamsSchema,
        response: { 200: JobDetailResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await queueJobs.jobDetail(requireUser(request), request.params.id),
    }),
  );
  app.post(
    '/api/admin/queue/jobs/retry',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Повторить выбранные задачи с ошибкой или все задачи очереди с ошибкой (не больше 500)',
        body: JobBulkRequestSchema,
        response: { 200: JobBulkResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await queueJobs.retryJobs(requireUser(request), request.body)),
    }),
  );
  app.post(
    '/api/admin/queue/jobs/cancel',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Отменить выбранные незавершённые задачи (не больше 500)',
        body: JobBulkRequestSchema,
        response: { 200: JobBulkResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await queueJobs.cancelJobs(requireUser(request), request.body)),
    }),
  );
  app.get(
    '/api/admin/queue/queues',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Очереди и их пауза',
        response: { 200: QueueStatesResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await queueJobs.queueStates() }),
  );
  app.post(
    '/api/admin/queue/:queue/pause',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Приостановить очередь: наши обработчики не берут из неё задачи',
        params: QueueParamsSchema,
        response: { 200: QueueActionResponseSchema },
      },
    },
    async (request) => {
      const queue = await queueJobs.pauseQueue(requireUser(request), request.params.queue);
      return {
        success: true as const,
        message: formatMessage(MESSAGES.queuePaused, { queue: queue.title }),
        queue,
      };
    },
  );
  app.post(
    '/api/admin/queue/:queue/resume',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Возобновить очередь',
        params: QueueParamsSchema,
        response: { 200: QueueActionResponseSchema },
      },
    },
    async (request) => {
      const queue = await queueJobs.resumeQueue(requireUser(request), request.params.queue);
      return {
        success: true as const,
        message: formatMessage(MESSAGES.queueResumed, { queue: queue.title }),
        queue,
      };
    },
  );
  app.get(
    '/api/admin/queue/throughput',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Выполнено и с ошибкой по часам (24 ч) или по дням (7 дней)',
        querystring: ThroughputQuerySchema,
        response: { 200: ThroughputResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await queueJobs.throughput(request.query.range) }),
  );
  app.post(
    '/api/admin/cron/:name/run',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Запустить периодическую задачу сейчас (один запуск вне расписания)',
        params: CronRunParamsSchema,
        response: { 200: CronRunResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await queueJobs.runScheduleNow(requireUser(request), request.params.name)),
    }),
  );
};
