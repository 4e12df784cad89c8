import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarketingCampaignsQuerySchema,
  MarketingCsvParamsSchema,
  MarketingDashboardResponseSchema,
  MarketingEventsResponseSchema,
  MarketingReportQuerySchema,
  MarketingSourcesResponseSchema,
} from '@app/contracts';
import { STAFF } from '../../plugins/auth.ts';
import { exportMarketingCsv } from './marketing-csv.ts';
import type { MarketingService } from './marketing.service.ts';
import { sendCsv } from '../../lib/csv.ts';

/** /crm/marketing, /analytics and /sources-report (ADMIN, MANAGER; issue 19, decision 067). */
export const marketingReportsRoutes: FastifyPluginAsyncZod<{ marketing: MarketingService }> = async (
  app,
  opts,
) => {
  const tags = ['marketing (back office)'];
  const { marketing } = opts;

  app.get(
    '/api/marketing/reports/dashboard',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Маркетинг: посетители, сессии, заказы, конверсия, выручка, маржа, CAC и ROMI по каналам',
        querystring: MarketingReportQuerySchema,
        response: { 200: MarketingDashboardResponseSchema },
      },
    },
    async (request) => marketing.dashboard(request.query),
  );
  app.get(
    '/api/marketing/reports/sources',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Источники × канал (utm_source × utm_medium): сессии, заказы, конверсия, выручка, маржа',
        querystring: MarketingReportQuerySchema,
        response: { 200: MarketingSourcesResponseSchema },
      },
    },
    async (request) => marketing.sources(request.query),
  );
  app.get(
    '/api/marketing/reports/events',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'События по типу, категории, действию и странице; топ страниц, устройства, браузеры',
        querystring: MarketingReportQuerySchema,
        response: { 200: MarketingEventsResponseSchema },
      },
    },
    async (request) => marketing.events(request.query),
  );
  app.get(
    '/api/marketing/reports/:report/export.csv',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Таблица отчёта в CSV (UTF-8, «;»): те же строки и столбцы, что на странице',
        params: MarketingCsvParamsSchema,
        querystring: MarketingCampaignsQuerySchema,
      },
    },
    async (request, reply) => {
      const { report } = request.params;
      return sendCsv(
        reply,
        `marketing-${report}-${request.query.from}-${request.query.to}.csv`,
        exportMarketingCsv(marketing, report, request.query),
      );
    },
  );
};
