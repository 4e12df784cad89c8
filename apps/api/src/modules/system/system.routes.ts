import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  HealthResponseSchema,
  MESSAGES,
  PublicConfigResponseSchema,
  ReadyResponseSchema,
} from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';
import { AppError } from '../../lib/errors.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database; jobs: Jobs }> = async (
  app,
  opts,
) => {
  // Decision 023: liveness and readiness are separate. A process whose database is away is alive (restarting it
  // would not help: the pool reconnects by itself) but not ready (a load balancer sends its traffic elsewhere).
  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Процесс работает (без обращения к базе данных)',
        response: { 200: HealthResponseSchema },
      },
    },
    // The process listens only after its migrations were applied.
    async () => ({ status: 'ok' as const, database: opts.database.kind, migrations: 'applied' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Сервис готов: база данных и очереди задач отвечают (иначе 503)',
        response: { 200: ReadyResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (request) => {
      try {
        await opts.database.sql.executeSql('select 1', []);
        await opts.jobs.check();
      } catch (error) {
        request.log.warn({ err: error }, 'not ready');
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          isDatabaseUnavailable(error) ? MESSAGES.databaseUnavailable : MESSAGES.serviceNotReady,
        );
      }
      return { status: 'ready' as const, database: 'ok' as const, queues: 'ok' as const };
    },
  );

  app.get(
    '/api/config/public',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Публичные настройки для веб-приложения',
        response: { 200: PublicConfigResponseSchema },
      },
    },
    async () => ({
      marketingSiteUrl: opts.config.marketingSiteUrl,
      telegramBotName: opts.config.telegram?.botName ?? null,
      supportTelegramUrl: opts.config.support.telegramUrl,
      supportWhatsappUrl: opts.config.support.whatsappUrl,
      yandexMapsApiKey: opts.config.yandexMapsApiKey,
    }),
  );
};
