import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CronActionResponseSchema, CronInfoResponseSchema, formatMessage, MESSAGES } from '@app/contracts';
import { ADMIN_ONLY } from '../../plugins/auth.ts';
import type { MonitoringService } from './monitoring.service.ts';

/** Periodic tasks (spec 2 "Cron view", spec 7 /api/admin/cron/*): ADMIN only. */
export const cronRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (app, opts) => {
  const { monitoring } = opts;
  const tags = ['monitoring'];

  app.get(
    '/api/admin/cron/info',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Периодические задачи по очередям: расписание, следующий запуск, число задач',
        response: { 200: CronInfoResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await monitoring.cronInfo() }),
  );
  app.post(
    '/api/admin/cron/initialize',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Создать или обновить все периодические задачи (повторный вызов ничего не дублирует)',
        response: { 200: CronActionResponseSchema },
      },
    },
    async () => {
      const count = await monitoring.initializeCron();
      return { success: true as const, message: formatMessage(MESSAGES.cronInitialized, { count }), count };
    },
  );
  app.delete(
    '/api/admin/cron/all',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Удалить все периодические задачи (уже запущенные доработают)',
        response: { 200: CronActionResponseSchema },
      },
    },
    async () => {
      const count = await monitoring.clearCron();
      return { success: true as const, message: formatMessage(MESSAGES.cronCleared, { count }), count };
    },
  );
};
