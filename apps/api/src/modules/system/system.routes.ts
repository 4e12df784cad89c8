import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, PublicConfigResponseSchema } from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database }> = async (
  app,
  opts,
) => {
  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Сервис и база данных готовы',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => {
      await opts.database.sql.executeSql('select 1', []);
      return { status: 'ok' as const, database: opts.database.kind, migrations: 'applied' as const };
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
