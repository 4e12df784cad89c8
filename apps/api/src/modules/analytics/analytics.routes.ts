import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptedResponseSchema,
  AnalyticsEventRequestSchema,
  AnalyticsSessionRequestSchema,
  ConversionRequestSchema,
  FunnelStageRequestSchema,
} from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Public tracking endpoints (spec 7). Rate-limited per IP so a script cannot flood the tables. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, opts) => {
  const { analytics } = opts;
  const config = { access: PUBLIC, rateLimit: { max: 600, timeWindow: 60_000 } };
  const tags = ['analytics'];
  const accepted = { success: true as const };

  app.post(
    '/api/analytics/session',
    {
      config,
      schema: {
        tags,
        summary: 'Сессия посетителя',
        body: AnalyticsSessionRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordSession(request.principal, request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/event',
    {
      config,
      schema: {
        tags,
        summary: 'Событие (например, contact_support)',
        body: AnalyticsEventRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordEvent(request.principal, request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/conversion',
    {
      config,
      schema: {
        tags,
        summary: 'Конверсия',
        body: ConversionRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordConversion(request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/funnel-stage',
    {
      config,
      schema: {
        tags,
        summary: 'Этап воронки продаж',
        body: FunnelStageRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordFunnelStage(request.principal, request.body);
      return accepted;
    },
  );
};
