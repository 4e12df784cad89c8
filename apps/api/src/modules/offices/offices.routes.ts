import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOfficeSchema,
  DeleteOfficeRequestSchema,
  DeleteOfficeResponseSchema,
  IdParamsSchema,
  OfficeInputSchema,
  UpdateOfficeRequestSchema,
  listResponse,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { OfficesService } from './offices.service.ts';

/**
 * /crm/offices: ADMIN only (spec 6, decision 021). Customers and MANAGER see the active offices with the order form
 * parameters (GET /api/order/form-params).
 */
export const officesRoutes: FastifyPluginAsyncZod<{ offices: OfficesService }> = async (app, opts) => {
  const tags = ['offices (back office)'];
  const { offices } = opts;

  app.get(
    '/api/office',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Офисы, включая отключённые',
        response: { 200: listResponse(AdminOfficeSchema) },
      },
    },
    async () => ({ items: await offices.list() }),
  );
  app.get(
    '/api/office/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, summary: 'Офис', params: IdParamsSchema, response: { 200: AdminOfficeSchema } },
    },
    async (request) => offices.get(request.params.id),
  );
  app.post(
    '/api/office',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Добавить офис',
        body: OfficeInputSchema,
        response: { 201: AdminOfficeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offices.create(requireUser(request), request.body)),
  );
  app.put(
    '/api/office',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Изменить офис',
        body: UpdateOfficeRequestSchema,
        response: { 200: AdminOfficeSchema },
      },
    },
    async (request) => offices.update(requireUser(request), request.body),
  );
  app.delete(
    '/api/office',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Удалить офис (если на него ссылаются заказы — отключить)',
        body: DeleteOfficeRequestSchema,
        response: { 200: DeleteOfficeResponseSchema },
      },
    },
    async (request) => offices.remove(requireUser(request), request.body.id),
  );
};
