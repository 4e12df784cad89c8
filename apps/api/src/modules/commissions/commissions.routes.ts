import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjustmentSchema,
  AdjustmentsQuerySchema,
  AdjustmentsResponseSchema,
  CreateAdjustmentRequestSchema,
  CreatePayoutRunRequestSchema,
  IdParamsSchema,
  PartnerCommissionsQuerySchema,
  PartnerCommissionsResponseSchema,
  PartnerOptionsQuerySchema,
  PartnerOptionsResponseSchema,
  PartnerPayoutsResponseSchema,
  PayoutRunDetailSchema,
  PayoutRunsResponseSchema,
} from '@app/contracts';
import { ADMIN_ONLY, PARTNER_PORTAL, requirePartner, requireUser } from '../../plugins/auth.ts';
import type { CommissionsService } from './commissions.service.ts';
import type { PayoutsService } from './payouts.service.ts';
import { sendCsv } from '../../lib/csv.ts';

/**
 * The money of the partner programme (decision 062): /crm/commission-adjustments and /crm/partner-payouts (ADMIN),
 * /partner/commissions and /partner/history/payouts (the signed-in partner, their own rows only).
 */
export const commissionsRoutes: FastifyPluginAsyncZod<{
  commissions: CommissionsService;
  payouts: PayoutsService;
}> = async (app, opts) => {
  const { commissions, payouts } = opts;
  const tags = ['commissions'];

  app.get(
    '/api/commission-adjustments',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Корректировки начислений партнёров',
        querystring: AdjustmentsQuerySchema,
        response: { 200: AdjustmentsResponseSchema },
      },
    },
    async (request) => commissions.listAdjustments(request.query),
  );
  app.post(
    '/api/commission-adjustments',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Начислить или удержать сумму у партнёра',
        body: CreateAdjustmentRequestSchema,
        response: { 201: AdjustmentSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await commissions.createAdjustment(requireUser(request), request.body)),
  );
  app.get(
    '/api/commission-adjustments/partners',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Партнёры портала для выбора (поиск по имени и e-mail)',
        querystring: PartnerOptionsQuerySchema,
        response: { 200: PartnerOptionsResponseSchema },
      },
    },
    async (request) => ({ items: await commissions.partnerOptions(request.query.search) }),
  );

  app.get(
    '/api/partner-payouts',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, summary: 'Выплаты партнёрам', response: { 200: PayoutRunsResponseSchema } },
    },
    async () => ({ items: await payouts.listRuns() }),
  );
  app.post(
    '/api/partner-payouts',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Сформировать выплату за период',
        body: CreatePayoutRunRequestSchema,
        response: { 201: PayoutRunDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await payouts.createRun(requireUser(request), request.body)),
  );
  app.get(
    '/api/partner-payouts/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Выплата: партнёры, суммы, кто не вошёл',
        params: IdParamsSchema,
        response: { 200: PayoutRunDetailSchema },
      },
    },
    async (request) => payouts.detail(request.params.id),
  );
  app.get(
    '/api/partner-payouts/:id/registry.csv',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, summary: 'Реестр платежей для банка (CSV, Windows-1251)', params: IdParamsSchema },
    },
    async (request, reply) => {
      const file = await payouts.registry(request.params.id);
      return sendCsv(reply, file.filename, file.body, 'windows-1251');
    },
  );
  app.post(
    '/api/partner-payouts/:id/mark-paid',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Отметить выплату проведённой',
        params: IdParamsSchema,
        response: { 200: PayoutRunDetailSchema },
      },
    },
    async (request) => payouts.markRunPaid(requireUser(request), request.params.id),
  );
  app.post(
    '/api/partner-payouts/:id/cancel',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Отменить черновик выплаты',
        params: IdParamsSchema,
        response: { 200: PayoutRunDetailSchema },
      },
    },
    async (request) => payouts.cancel(requireUser(request), request.params.id),
  );

  app.get(
    '/api/partner/commissions',
    {
      config: { access: PARTNER_PORTAL },
      schema: {
        tags,
        summary: 'Комиссии партнёра',
        querystring: PartnerCommissionsQuerySchema,
        response: { 200: PartnerCommissionsResponseSchema },
      },
    },
    async (request) => commissions.listForPartner(requirePartner(request), request.query),
  );
  app.get(
    '/api/partner/payouts',
    {
      config: { access: PARTNER_PORTAL },
      schema: { tags, summary: 'Выплаты партнёра', response: { 200: PartnerPayoutsResponseSchema } },
    },
    async (request) => payouts.listForPartner(requirePartner(request)),
  );
  app.get(
    '/api/partner/payouts/:id/statement.pdf',
    {
      config: { access: PARTNER_PORTAL },
      schema: { tags, summary: 'Выписка по выплате (PDF)', params: IdParamsSchema },
    },
    async (request, reply) => {
      const file = await payouts.statement(requirePartner(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
