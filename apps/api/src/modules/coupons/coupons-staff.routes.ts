import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CouponBatchRefuseRequestSchema,
  CouponBatchSchema,
  CouponBatchStaffListResponseSchema,
  CouponBatchStaffQuerySchema,
  IdParamsSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { CouponsService } from './coupons.service.ts';

/** CRM (ADMIN): coupon batches above the programme's limits wait here for approval or refusal (decision 069). */
export const couponsStaffRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, opts) => {
  const { coupons } = opts;
  const tags = ['partner-program'];
  const config = { access: ADMIN_ONLY };

  app.get(
    '/api/admin/partner-program/coupon-batches',
    {
      config,
      schema: {
        tags,
        summary: 'Пакеты купонов партнёров',
        querystring: CouponBatchStaffQuerySchema,
        response: { 200: CouponBatchStaffListResponseSchema },
      },
    },
    async (request) => coupons.listStaffBatches(request.query),
  );
  app.post(
    '/api/admin/partner-program/coupon-batches/:id/approve',
    {
      config,
      schema: {
        tags,
        summary: 'Одобрить пакет купонов',
        params: IdParamsSchema,
        response: { 200: CouponBatchSchema },
      },
    },
    async (request) => coupons.approveBatch(requireUser(request), request.params.id),
  );
  app.post(
    '/api/admin/partner-program/coupon-batches/:id/refuse',
    {
      config,
      schema: {
        tags,
        summary: 'Отклонить пакет купонов',
        params: IdParamsSchema,
        body: CouponBatchRefuseRequestSchema,
        response: { 200: CouponBatchSchema },
      },
    },
    async (request) => coupons.refuseBatch(requireUser(request), request.params.id, request.body.reason),
  );
};
