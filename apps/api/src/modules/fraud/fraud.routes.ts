import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FraudEventsQuerySchema,
  FraudEventsResponseSchema,
  FraudResolutionRequestSchema,
  FraudResolutionResponseSchema,
  IdParamsSchema,
  PartnerAnalyticsQuerySchema,
  PartnerAnalyticsResponseSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { FraudService } from './fraud.service.ts';
import type { PartnerAnalyticsService } from './partner-analytics.service.ts';
import { sendCsv } from '../../lib/csv.ts';

export const fraudRoutes: FastifyPluginAsyncZod<{
  fraud: FraudService;
  partnerAnalytics: PartnerAnalyticsService;
}> = async (app, opts) => {
  const { fraud, partnerAnalytics } = opts;
  const tags = ['partner fraud and analytics'];

  app.get(
    '/api/admin/fraud-events',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'События фрода партнёров, новые сверху',
        querystring: FraudEventsQuerySchema,
        response: { 200: FraudEventsResponseSchema },
      },
    },
    async (request) => fraud.list(request.query),
  );

  const actions = {
    release: { summary: 'Отпустить: комиссия снова может быть одобрена', run: fraud.release },
    reverse: { summary: 'Отменить комиссию заказа (если она ещё не выплачена)', run: fraud.reverse },
    ban: { summary: 'Заблокировать партнёра и закрыть все его открытые события', run: fraud.ban },
  } as const;
  for (const [action, { summary, run }] of Object.entries(actions)) {
    app.post(
      `/api/admin/fraud-events/:id/${action}`,
      {
        config: { access: ADMIN_ONLY },
        schema: {
          tags,
          summary,
          params: IdParamsSchema,
          body: FraudResolutionRequestSchema,
          response: { 200: FraudResolutionResponseSchema },
        },
      },
      async (request) => run(requireUser(request), request.params.id, request.body.note),
    );
  }

  app.get(
    '/api/admin/partner-analytics',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Клики, заказы, выручка, комиссия и маржа по партнёрам и типам за период',
        querystring: PartnerAnalyticsQuerySchema,
        response: { 200: PartnerAnalyticsResponseSchema },
      },
    },
    async (request) => partnerAnalytics.report(request.query),
  );

  app.get(
    '/api/admin/partner-analytics/export.csv',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Аналитика партнёров за период в CSV',
        querystring: PartnerAnalyticsQuerySchema,
      },
    },
    async (request, reply) => {
      return sendCsv(reply, 'partner-analytics.csv', partnerAnalytics.exportCsv(request.query));
    },
  );
};
