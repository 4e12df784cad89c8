import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptedResponseSchema,
  ANALYTICS_BATCH_MAX_BYTES,
  AnalyticsBatchRequestSchema,
  AnalyticsCountersResponseSchema,
  AnalyticsEventRequestSchema,
  AnalyticsSessionRequestSchema,
  ConversionRequestSchema,
  FunnelStageRequestSchema,
  MARKETING_MESSAGES,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { AnalyticsService } from './analytics.service.ts';

/**
 * Public tracking endpoints (spec 7, decision 066): bounded bodies, rate-limited per client address (the route's
 * limit, answered before the body is read) and per analytics session (checked once the body names it).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  perIpPerMinute: number;
  perSessionPerMinute: number;
}> = async (app, opts) => {
  const { analytics } = opts;
  const config = { access: PUBLIC, rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } };
  const tags = ['analytics'];
  const accepted = { success: true as const };
  // One counter per session in the rate limiter's store: its increment is synchronous, so requests at once
  // cannot all pass (the same store the per-address limits use).
  const sessionLimit = app.createRateLimit({
    max: opts.perSessionPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `analytics-session:${(request.body as { sessionId: string }).sessionId}`,
  });
  const limitSession = async (request: FastifyRequest) => {
    const verdict = await sessionLimit(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new AppError('TOO_MANY_REQUESTS', MARKETING_MESSAGES.analyticsSessionTooMany, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(verdict.ttlInSeconds))) },
      });
    }
  };
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/analytics/batch',
    {
      config,
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      preHandler: limitSession,
      schema: {
        tags,
        summary: 'Пакет событий трекера (sendBeacon / fetch keepalive)',
        body: AnalyticsBatchRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.ingestBatch(request.principal, clientOf(request), request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/session',
    {
      config,
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      preHandler: limitSession,
      schema: {
        tags,
        summary: 'Сессия посетителя',
        body: AnalyticsSessionRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordSession(request.principal, clientOf(request), request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/event',
    {
      config,
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      preHandler: limitSession,
      schema: {
        tags,
        summary: 'Событие (например, contact_support)',
        body: AnalyticsEventRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordEvent(request.principal, clientOf(request), request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/conversion',
    {
      config,
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      preHandler: limitSession,
      schema: {
        tags,
        summary: 'Конверсия',
        body: ConversionRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordConversion(clientOf(request), request.body);
      return accepted;
    },
  );

  app.post(
    '/api/analytics/funnel-stage',
    {
      config,
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      preHandler: limitSession,
      schema: {
        tags,
        summary: 'Этап воронки продаж',
        body: FunnelStageRequestSchema,
        response: { 200: AcceptedResponseSchema },
      },
    },
    async (request) => {
      await analytics.recordFunnelStage(request.principal, clientOf(request), request.body);
      return accepted;
    },
  );

  app.get(
    '/api/analytics/counters',
    {
      config,
      schema: {
        tags,
        summary: 'Счётчики Яндекс Метрики и GA4 для публичных страниц',
        response: { 200: AnalyticsCountersResponseSchema },
      },
    },
    async (_request, reply) => {
      // Public and the same for everyone: browsers and proxies may keep it a few minutes.
      reply.header('cache-control', 'public, max-age=300');
      return analytics.getCounters();
    },
  );
};
