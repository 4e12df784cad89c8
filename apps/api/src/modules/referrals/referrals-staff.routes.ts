import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PromoCodeParamsSchema,
  PromoCodePartnerRequestSchema,
  PromoCodePartnersResponseSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { ReferralsService } from './referrals.service.ts';

/** CRM: which portal partner a promo code belongs to (the promo codes screen of the form settings). */
export const referralsStaffRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (
  app,
  opts,
) => {
  const tags = ['form-settings'];
  app.get(
    '/api/form-settings/promocode/partners',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, summary: 'Промокоды партнёров', response: { 200: PromoCodePartnersResponseSchema } },
    },
    async () => opts.referrals.listPromoCodePartners(),
  );
  app.put(
    '/api/form-settings/promocode/:code/partner',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Закрепить промокод за партнёром',
        params: PromoCodeParamsSchema,
        body: PromoCodePartnerRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await opts.referrals.setPromoCodePartner(
        requireUser(request),
        request.params.code,
        request.body.partnerAccountId,
      );
      return { success: true as const };
    },
  );
};
