import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PartnerProfileResponseSchema } from '@app/contracts';
import { PARTNER_PORTAL, requirePartner } from '../../plugins/auth.ts';
import type { PartnerPortalService } from './partner-portal.service.ts';

// Sign-in and sign-out of the portal are auth's (modules/auth/partner-auth.routes.ts).
export const partnerPortalRoutes: FastifyPluginAsyncZod<{ partnerPortal: PartnerPortalService }> = async (
  app,
  opts,
) => {
  const { partnerPortal } = opts;
  const tags = ['partner-portal'];

  app.get(
    '/api/partner/profile',
    {
      config: { access: PARTNER_PORTAL },
      schema: { tags, summary: 'Профиль партнёра', response: { 200: PartnerProfileResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await partnerPortal.getProfile(requirePartner(request)),
    }),
  );
};
