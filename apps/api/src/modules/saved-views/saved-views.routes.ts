import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateSavedViewRequestSchema,
  SavedViewListResponseSchema,
  SavedViewParamsSchema,
  SavedViewSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { STAFF, requireUser } from '../../plugins/auth.ts';
import type { SavedViewsService } from './saved-views.service.ts';

/** The caller's own saved views of the CRM order list (ADMIN, MANAGER; decision 052). */
export const savedViewsRoutes: FastifyPluginAsyncZod<{ views: SavedViewsService }> = async (app, opts) => {
  const tags = ['orders (back office)'];
  const { views } = opts;

  app.get(
    '/api/order/views',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Мои сохранённые виды списка заказов',
        response: { 200: SavedViewListResponseSchema },
      },
    },
    async (request) => ({ items: await views.list(requireUser(request)) }),
  );
  app.post(
    '/api/order/views',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Сохранить текущие фильтры списка заказов под именем',
        body: CreateSavedViewRequestSchema,
        response: { 201: SavedViewSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await views.create(requireUser(request), request.body)),
  );
  app.delete(
    '/api/order/views/:id',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Удалить свой сохранённый вид',
        params: SavedViewParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await views.remove(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
