import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  WidgetListResponseSchema,
  WidgetSchema,
  WidgetUpsertRequestSchema,
} from '@app/contracts';
import { INTEGRATOR_PORTAL, requirePartner } from '../../plugins/auth.ts';
import type { WidgetsService } from './widgets.service.ts';

/** The integrator's widget pages (decision 072): list, create, edit, archive. INTEGRATOR partners only (403). */
export const widgetsRoutes: FastifyPluginAsyncZod<{ widgets: WidgetsService }> = async (app, opts) => {
  const { widgets } = opts;
  const tags = ['partner-portal'];
  const config = { access: INTEGRATOR_PORTAL };
  const base = '/api/partner/integrator/widgets';

  app.get(
    base,
    { config, schema: { tags, summary: 'Виджеты партнёра', response: { 200: WidgetListResponseSchema } } },
    async (request) => widgets.list(requirePartner(request)),
  );
  app.post(
    base,
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Создать виджет',
        body: WidgetUpsertRequestSchema,
        response: { 201: WidgetSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await widgets.create(requirePartner(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Изменить виджет',
        params: IdParamsSchema,
        body: WidgetUpsertRequestSchema,
        response: { 200: WidgetSchema },
      },
    },
    async (request) => widgets.update(requirePartner(request), request.params.id, request.body),
  );
  app.post(
    `${base}/:id/archive`,
    {
      config,
      schema: { tags, summary: 'Отключить виджет', params: IdParamsSchema, response: { 200: WidgetSchema } },
    },
    async (request) => widgets.archive(requirePartner(request), request.params.id),
  );
};
