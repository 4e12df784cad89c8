import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  SuccessResponseSchema,
  TariffInputSchema,
  TariffListResponseSchema,
  TariffSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { TariffsService } from './tariffs.service.ts';

/** /crm/tariffs: the price rules of the order price engine (ADMIN only, spec 6). */
export const tariffsRoutes: FastifyPluginAsyncZod<{ tariffs: TariffsService }> = async (app, opts) => {
  const tags = ['tariffs (back office)'];
  const { tariffs } = opts;
  const config = { access: ADMIN_ONLY };

  app.get(
    '/api/tariffs',
    {
      config,
      schema: {
        tags,
        summary: 'Тарифы (кроме удалённых), в порядке применения',
        response: { 200: TariffListResponseSchema },
      },
    },
    async () => tariffs.list(),
  );
  app.get(
    '/api/tariffs/:id',
    {
      config,
      schema: { tags, summary: 'Тариф', params: IdParamsSchema, response: { 200: TariffSchema } },
    },
    async (request) => tariffs.get(request.params.id),
  );
  app.post(
    '/api/tariffs',
    {
      config,
      schema: { tags, summary: 'Добавить тариф', body: TariffInputSchema, response: { 201: TariffSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await tariffs.create(requireUser(request), request.body)),
  );
  app.put(
    '/api/tariffs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить тариф',
        params: IdParamsSchema,
        body: TariffInputSchema,
        response: { 200: TariffSchema },
      },
    },
    async (request) => tariffs.update(requireUser(request), request.params.id, request.body),
  );
  app.delete(
    '/api/tariffs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Удалить тариф (заказы сохраняют свои цены)',
        params: IdParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await tariffs.remove(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
