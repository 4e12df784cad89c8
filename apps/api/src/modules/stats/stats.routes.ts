import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnitEconomicsQuerySchema, UnitEconomicsResponseSchema } from '@app/contracts';
import { ADMIN_ONLY } from '../../plugins/auth.ts';
import type { StatsService } from './stats.service.ts';

/** /crm/stats (ADMIN). */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, opts) => {
  app.get(
    '/api/admin/stats/unit-economics',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['statistics (back office)'],
        summary:
          'Юнит-экономика за период: заказы, выручка, средний чек, затраты, маржа; по дням и документам',
        querystring: UnitEconomicsQuerySchema,
        response: { 200: UnitEconomicsResponseSchema },
      },
    },
    async (request) => opts.stats.unitEconomics(request.query),
  );
};
