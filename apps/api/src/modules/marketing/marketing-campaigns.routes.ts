import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarketingCampaignRequestSchema,
  MarketingCampaignSchema,
  MarketingCampaignsQuerySchema,
  MarketingCampaignsResponseSchema,
  MarketingIdParamsSchema,
  MarketingReportQuerySchema,
  MarketingSpendParamsSchema,
  MarketingSpendRequestSchema,
  MarketingUtmLinkRequestSchema,
  MarketingUtmLinkSchema,
  MarketingUtmLinksResponseSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { requireUser, STAFF } from '../../plugins/auth.ts';
import type { MarketingService } from './marketing.service.ts';

/** /crm/marketing/campaigns and /utm-builder (ADMIN, MANAGER; issue 19, decision 067). */
export const marketingCampaignsRoutes: FastifyPluginAsyncZod<{ marketing: MarketingService }> = async (
  app,
  opts,
) => {
  const tags = ['marketing (back office)'];
  const { marketing } = opts;
  const access = { access: STAFF };

  app.get(
    '/api/marketing/campaigns',
    {
      config: access,
      schema: {
        tags,
        summary: 'Кампании с расходами за период: CPA, CAC, ROAS, ROMI по выручке и по марже',
        querystring: MarketingCampaignsQuerySchema,
        response: { 200: MarketingCampaignsResponseSchema },
      },
    },
    async (request) => marketing.campaigns(request.query),
  );
  app.post(
    '/api/marketing/campaigns',
    {
      config: access,
      schema: {
        tags,
        summary: 'Создать кампанию (ключ — метка utm_campaign)',
        body: MarketingCampaignRequestSchema,
        response: { 201: MarketingCampaignSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await marketing.createCampaign(requireUser(request), request.body)),
  );
  app.put(
    '/api/marketing/campaigns/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Изменить кампанию',
        params: MarketingIdParamsSchema,
        body: MarketingCampaignRequestSchema,
        response: { 200: MarketingCampaignSchema },
      },
    },
    async (request) => marketing.updateCampaign(requireUser(request), request.params.id, request.body),
  );
  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/marketing/campaigns/:id/${action}`,
      {
        config: access,
        schema: {
          tags,
          summary: archived ? 'Убрать кампанию в архив' : 'Вернуть кампанию из архива',
          params: MarketingIdParamsSchema,
          response: { 200: MarketingCampaignSchema },
        },
      },
      async (request) => marketing.setCampaignArchived(requireUser(request), request.params.id, archived),
    );
  }
  app.post(
    '/api/marketing/campaigns/:id/spend',
    {
      config: access,
      schema: {
        tags,
        summary: 'Внести расход кампании за период',
        params: MarketingIdParamsSchema,
        body: MarketingSpendRequestSchema,
        response: { 201: MarketingCampaignSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await marketing.addSpend(requireUser(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/marketing/campaigns/:id/spend/:spendId',
    {
      config: access,
      schema: {
        tags,
        summary: 'Удалить запись о расходе',
        params: MarketingSpendParamsSchema,
        response: { 200: MarketingCampaignSchema },
      },
    },
    async (request) => marketing.removeSpend(requireUser(request), request.params.id, request.params.spendId),
  );

  app.get(
    '/api/marketing/utm-links',
    {
      config: access,
      schema: {
        tags,
        summary: 'Сохранённые UTM-ссылки с переходами и заказами за период',
        querystring: MarketingReportQuerySchema,
        response: { 200: MarketingUtmLinksResponseSchema },
      },
    },
    async (request) => marketing.utmLinks(request.query),
  );
  app.post(
    '/api/marketing/utm-links',
    {
      config: access,
      schema: {
        tags,
        summary: 'Сохранить UTM-ссылку',
        body: MarketingUtmLinkRequestSchema,
        response: { 201: MarketingUtmLinkSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await marketing.createUtmLink(requireUser(request), request.body)),
  );
  app.delete(
    '/api/marketing/utm-links/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Убрать UTM-ссылку из списка',
        params: MarketingIdParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await marketing.archiveUtmLink(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
