import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FindPartyRequestSchema,
  FindPartyResponseSchema,
  SuggestAddressRequestSchema,
  SuggestAddressResponseSchema,
  SuggestionsStatusResponseSchema,
} from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { SuggestionsService } from './suggestions.service.ts';

/** Public (the order form is): each IP is bounded per minute, so the provider's quota is not ours to lose. */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ suggestions: SuggestionsService }> = async (
  app,
  opts,
) => {
  const tags = ['suggestions'];

  app.get(
    '/api/suggestions/status',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Доступны ли подсказки реквизитов и адресов',
        response: { 200: SuggestionsStatusResponseSchema },
      },
    },
    async () => opts.suggestions.status(),
  );

  app.post(
    '/api/suggestions/party',
    {
      config: { access: PUBLIC, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Реквизиты организации по ИНН',
        body: FindPartyRequestSchema,
        response: { 200: FindPartyResponseSchema },
      },
    },
    async (request) => opts.suggestions.findParty(request.body.inn),
  );

  app.post(
    '/api/suggestions/address',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Подсказки адреса доставки',
        body: SuggestAddressRequestSchema,
        response: { 200: SuggestAddressResponseSchema },
      },
    },
    async (request) => opts.suggestions.suggestAddress(request.body.query),
  );
};
