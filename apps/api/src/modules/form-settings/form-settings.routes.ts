import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FormParamsResponseSchema, type FormParamsResponse } from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { FormSettingsService } from './form-settings.service.ts';

export const formSettingsRoutes: FastifyPluginAsyncZod<{ formSettings: FormSettingsService }> = async (
  app,
  opts,
) => {
  app.get(
    '/api/order/form-params',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['order-form'],
        summary: 'Документы, заверения, способы доставки и языки для формы заказа',
        response: { 200: FormParamsResponseSchema },
      },
    },
    (_request, reply) => {
      // Already serialized from the validated cache: the hot path skips per-request serialization.
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('cache-control', 'public, max-age=5');
      // Bytes (or, while loading, a JSON string) are sent as they are (Fastify serializes neither); built from the
      // typed value.
      // A fresh cache answers without a promise (decision 040); a stale or empty one is loaded first.
      const fresh = opts.formSettings.freshFormParamsBytes();
      if (fresh !== null) {
        reply.send(fresh as unknown as FormParamsResponse);
        return;
      }
      return opts.formSettings.getFormParamsJson().then((json) => {
        reply.send(json as unknown as FormParamsResponse);
      });
    },
  );
};
