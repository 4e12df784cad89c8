import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsConfigSchema } from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** `GET/POST /api/marketing/analytics-config` (spec 7): ADMIN only; the whole configuration, audited on save. */
export const analyticsConfigRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  opts,
) => {
  const { analytics } = opts;
  const config = { access: ADMIN_ONLY };
  const tags = ['analytics'];

  app.get(
    '/api/marketing/analytics-config',
    {
      config,
      schema: { tags, summary: 'Настройки аналитики', response: { 200: AnalyticsConfigSchema } },
    },
    async () => analytics.getConfig(),
  );

  app.post(
    '/api/marketing/analytics-config',
    {
      config,
      schema: {
        tags,
        summary: 'Сохранить настройки аналитики',
        body: AnalyticsConfigSchema,
        response: { 200: AnalyticsConfigSchema },
      },
    },
    async (request) => analytics.saveConfig(requireUser(request), request.body),
  );
};
