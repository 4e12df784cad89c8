import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyCreateRequestSchema,
  ApiKeyCreateResponseSchema,
  ApiKeyListResponseSchema,
  ApiKeySchema,
  IdParamsSchema,
} from '@app/contracts';
import { INTEGRATOR_PORTAL, requirePartner } from '#src/plugins/auth.ts';
import type { PartnerApiService } from './partner-api.service.ts';

/** The integrator's keys page (/partner/integrator/api-keys, decision 070): INTEGRATOR partners only. */
export const partnerApiKeysRoutes: FastifyPluginAsyncZod<{ partnerApi: PartnerApiService }> = async (
  app,
  opts,
) => {
  const { partnerApi } = opts;
  const tags = ['partner-portal'];
  const config = { access: INTEGRATOR_PORTAL };

  app.get(
    '/api/partner/integrator/api-keys',
    {
      config,
      schema: { tags, summary: 'API-ключи интегратора', response: { 200: ApiKeyListResponseSchema } },
    },
    async (request) => partnerApi.listKeys(requirePartner(request)),
  );
  app.post(
    '/api/partner/integrator/api-keys',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Создать API-ключ (полный ключ показывается один раз)',
        body: ApiKeyCreateRequestSchema,
        response: { 201: ApiKeyCreateResponseSchema },
      },
    },
    async (request, reply) => {
      // The secret is in this one answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await partnerApi.createKey(requirePartner(request), request.body));
    },
  );
  app.post(
    '/api/partner/integrator/api-keys/:id/revoke',
    {
      config,
      schema: { tags, summary: 'Отозвать API-ключ', params: IdParamsSchema, response: { 200: ApiKeySchema } },
    },
    async (request) => partnerApi.revokeKey(requirePartner(request), request.params.id),
  );
};
