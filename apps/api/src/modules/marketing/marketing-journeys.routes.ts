import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttributionQuerySchema,
  AttributionReportSchema,
  FunnelQuerySchema,
  FunnelReportSchema,
  LeadScoringQuerySchema,
  LeadScoringReportSchema,
  TouchpointsQuerySchema,
  TouchpointsResponseSchema,
} from '@app/contracts';
import { sendCsv } from '../../lib/csv.ts';
import { STAFF } from '../../plugins/auth.ts';
import type { MarketingJourneys } from './marketing-journeys.ts';

/**
 * The journey reports of /crm/marketing (decision 068): funnel, touchpoints, attribution, lead scoring, each with
 * its CSV of the table the page shows (same query). ADMIN and MANAGER (spec 2).
 */
export const marketingJourneysRoutes: FastifyPluginAsyncZod<{ journeys: MarketingJourneys }> = async (
  app,
  opts,
) => {
  const { funnel, attribution, touchpoints, leadScoring } = opts.journeys;
  const tags = ['marketing reports'];
  const config = { access: STAFF };

  app.get(
    '/api/marketing/funnel',
    {
      config,
      schema: {
        tags,
        summary:
          'Воронка заказа: сессии по этапам, конверсии, отвал, медианы, окно конверсии, каналы и устройства',
        querystring: FunnelQuerySchema,
        response: { 200: FunnelReportSchema },
      },
    },
    async (request) => funnel.report(request.query),
  );
  app.get(
    '/api/marketing/funnel/export.csv',
    { config, schema: { tags, summary: 'Воронка в CSV', querystring: FunnelQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, 'funnel.csv', funnel.exportCsv(request.query));
    },
  );

  app.get(
    '/api/marketing/attribution',
    {
      config,
      schema: {
        tags,
        summary: 'Шесть моделей атрибуции: оплаченные заказы, выручка и маржа по каналам или кампаниям',
        querystring: AttributionQuerySchema,
        response: { 200: AttributionReportSchema },
      },
    },
    async (request) => attribution.report(request.query),
  );
  app.get(
    '/api/marketing/attribution/export.csv',
    { config, schema: { tags, summary: 'Атрибуция в CSV', querystring: AttributionQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, 'attribution.csv', attribution.exportCsv(request.query));
    },
  );

  app.get(
    '/api/marketing/touchpoints',
    {
      config,
      schema: {
        tags,
        summary: 'Заказы периода с путём касаний, новые сверху (страницы по курсору)',
        querystring: TouchpointsQuerySchema,
        response: { 200: TouchpointsResponseSchema },
      },
    },
    async (request) => touchpoints.list(request.query),
  );
  app.get(
    '/api/marketing/touchpoints/export.csv',
    { config, schema: { tags, summary: 'Точки касания в CSV', querystring: TouchpointsQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, 'touchpoints.csv', touchpoints.exportCsv(request.query));
    },
  );

  app.get(
    '/api/marketing/lead-scoring',
    {
      config,
      schema: {
        tags,
        summary: 'Скоринг лидов: сессии с баллами и горячие лиды',
        querystring: LeadScoringQuerySchema,
        response: { 200: LeadScoringReportSchema },
      },
    },
    async (request) => leadScoring.report(request.query),
  );
  app.get(
    '/api/marketing/lead-scoring/export.csv',
    { config, schema: { tags, summary: 'Горячие лиды в CSV', querystring: LeadScoringQuerySchema } },
    async (request, reply) => {
      return sendCsv(reply, 'hot-leads.csv', leadScoring.exportCsv(request.query));
    },
  );
};
