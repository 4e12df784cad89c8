import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AffiliateAnalyticsQuerySchema,
  AffiliateAnalyticsResponseSchema,
  ClickLogQuerySchema,
  ClickLogResponseSchema,
  IdParamsSchema,
  PartnerDashboardResponseSchema,
  PartnerLinkCreateRequestSchema,
  PartnerLinkListResponseSchema,
  PartnerLinkSchema,
  PartnerPromoCodeCreateRequestSchema,
  PartnerPromoCodeListResponseSchema,
  PartnerPromoCodeSchema,
} from '@app/contracts';
import { PARTNER_PORTAL, requirePartner } from '../../plugins/auth.ts';
import type { ReferralsService } from './referrals.service.ts';
import { sendCsv } from '../../lib/csv.ts';

/** The partner portal's affiliate pages (decision 061): links, promo codes, click logs, analytics, dashboard. */
export const referralsRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (app, opts) => {
  const { referrals } = opts;
  const tags = ['partner-portal'];
  const config = { access: PARTNER_PORTAL };

  app.get(
    '/api/partner/affiliate/links',
    {
      config,
      schema: {
        tags,
        summary: 'Реферальные ссылки партнёра',
        response: { 200: PartnerLinkListResponseSchema },
      },
    },
    async (request) => referrals.listLinks(requirePartner(request)),
  );
  app.post(
    '/api/partner/affiliate/links',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Создать ссылку',
        body: PartnerLinkCreateRequestSchema,
        response: { 201: PartnerLinkSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await referrals.createLink(requirePartner(request), request.body)),
  );
  app.post(
    '/api/partner/affiliate/links/:id/archive',
    {
      config,
      schema: {
        tags,
        summary: 'Архивировать ссылку',
        params: IdParamsSchema,
        response: { 200: PartnerLinkSchema },
      },
    },
    async (request) => referrals.archiveLink(requirePartner(request), request.params.id),
  );

  app.get(
    '/api/partner/affiliate/promocodes',
    {
      config,
      schema: { tags, summary: 'Промокоды партнёра', response: { 200: PartnerPromoCodeListResponseSchema } },
    },
    async (request) => referrals.listPromoCodes(requirePartner(request)),
  );
  app.post(
    '/api/partner/affiliate/promocodes',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Создать промокод партнёра',
        body: PartnerPromoCodeCreateRequestSchema,
        response: { 201: PartnerPromoCodeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await referrals.createPromoCode(requirePartner(request), request.body)),
  );

  app.get(
    '/api/partner/affiliate/click-logs',
    {
      config,
      schema: {
        tags,
        summary: 'Журнал переходов',
        querystring: ClickLogQuerySchema,
        response: { 200: ClickLogResponseSchema },
      },
    },
    async (request) => referrals.listClicks(requirePartner(request), request.query),
  );
  app.get(
    '/api/partner/affiliate/click-logs/export.csv',
    {
      config: { ...config, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Журнал переходов, CSV',
        querystring: ClickLogQuerySchema.omit({ cursor: true, limit: true }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const csv = await referrals.exportClicks(requirePartner(request), request.query);
      return sendCsv(reply, 'click-logs.csv', csv);
    },
  );

  app.get(
    '/api/partner/affiliate/analytics',
    {
      config,
      schema: {
        tags,
        summary: 'Аналитика: переходы, заказы, оплаты, комиссия',
        querystring: AffiliateAnalyticsQuerySchema,
        response: { 200: AffiliateAnalyticsResponseSchema },
      },
    },
    async (request) => referrals.analytics(requirePartner(request), request.query),
  );
  app.get(
    '/api/partner/dashboard',
    {
      config,
      schema: { tags, summary: 'Сводка партнёра', response: { 200: PartnerDashboardResponseSchema } },
    },
    async (request) => referrals.dashboard(requirePartner(request)),
  );
};
