import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CorporateAnalyticsResponseSchema,
  CouponBatchCreateRequestSchema,
  CouponBatchCreateResponseSchema,
  CouponBatchListResponseSchema,
  CouponCampaignCreateRequestSchema,
  CouponCampaignLinksRequestSchema,
  CouponCampaignListResponseSchema,
  CouponCampaignSchema,
  CouponListResponseSchema,
  IdParamsSchema,
} from '@app/contracts';
import { CORPORATE_PORTAL, requirePartner } from '../../plugins/auth.ts';
import type { CouponsService } from './coupons.service.ts';
import { sendCsv } from '../../lib/csv.ts';

/** The corporate referrer's pages (decision 069): coupon batches, campaigns, analytics. CORPORATE_REFERRAL only. */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, opts) => {
  const { coupons } = opts;
  const tags = ['partner-portal'];
  const config = { access: CORPORATE_PORTAL };

  app.get(
    '/api/partner/corporate/coupon-batches',
    {
      config,
      schema: { tags, summary: 'Пакеты купонов', response: { 200: CouponBatchListResponseSchema } },
    },
    async (request) => coupons.listBatches(requirePartner(request)),
  );
  app.post(
    '/api/partner/corporate/coupon-batches',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Запросить пакет купонов',
        body: CouponBatchCreateRequestSchema,
        response: { 201: CouponBatchCreateResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.createBatch(requirePartner(request), request.body)),
  );
  app.get(
    '/api/partner/corporate/coupon-batches/:id/coupons',
    {
      config,
      schema: {
        tags,
        summary: 'Купоны пакета',
        params: IdParamsSchema,
        response: { 200: CouponListResponseSchema },
      },
    },
    async (request) => coupons.listCoupons(requirePartner(request), request.params.id),
  );
  app.get(
    '/api/partner/corporate/coupon-batches/:id/export.csv',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Купоны пакета, CSV',
        params: IdParamsSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const file = await coupons.exportBatch(requirePartner(request), request.params.id);
      return sendCsv(reply, `coupons-${request.params.id.slice(0, 8)}.csv`, file.csv);
    },
  );

  app.get(
    '/api/partner/corporate/campaigns',
    {
      config,
      schema: { tags, summary: 'Кампании', response: { 200: CouponCampaignListResponseSchema } },
    },
    async (request) => coupons.listCampaigns(requirePartner(request)),
  );
  app.post(
    '/api/partner/corporate/campaigns',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Создать кампанию',
        body: CouponCampaignCreateRequestSchema,
        response: { 201: CouponCampaignSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.createCampaign(requirePartner(request), request.body)),
  );
  app.put(
    '/api/partner/corporate/campaigns/:id',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Изменить кампанию',
        params: IdParamsSchema,
        body: CouponCampaignCreateRequestSchema,
        response: { 200: CouponCampaignSchema },
      },
    },
    async (request) => coupons.updateCampaign(requirePartner(request), request.params.id, request.body),
  );
  app.post(
    '/api/partner/corporate/campaigns/:id/archive',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Перенести кампанию в архив',
        params: IdParamsSchema,
        response: { 200: CouponCampaignSchema },
      },
    },
    async (request) => coupons.archiveCampaign(requirePartner(request), request.params.id),
  );
  app.put(
    '/api/partner/corporate/campaigns/:id/links',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Ссылки кампании',
        params: IdParamsSchema,
        body: CouponCampaignLinksRequestSchema,
        response: { 200: CouponCampaignSchema },
      },
    },
    async (request) =>
      coupons.setCampaignLinks(requirePartner(request), request.params.id, request.body.linkIds),
  );

  app.get(
    '/api/partner/corporate/analytics',
    {
      config,
      schema: {
        tags,
        summary: 'Аналитика купонов: по кампаниям и пакетам',
        response: { 200: CorporateAnalyticsResponseSchema },
      },
    },
    async (request) => coupons.analytics(requirePartner(request)),
  );
  app.get(
    '/api/partner/corporate/analytics/export.csv',
    {
      config: { ...config, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { tags, summary: 'Аналитика купонов, CSV', response: { 200: z.string() } },
    },
    async (request, reply) => {
      const file = await coupons.exportAnalytics(requirePartner(request));
      return sendCsv(reply, 'coupon-analytics.csv', file);
    },
  );
};
