import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOfficeSchema,
  DeleteOfficeRequestSchema,
  DeleteOfficeResponseSchema,
  IdParamsSchema,
  OfficeInputSchema,
  UpdateOfficeRequestSchema,
} from '@app/contracts';
import { ADMIN_ONLY, STAFF, requireUser } from '../../plugins/auth.ts';
import type { OfficesService } from './offices.service.ts';

/** /crm/offices. Reading is open to MANAGER (they tell customers where to come); changes are ADMIN only. */
export const officesRoutes: FastifyPluginAsyncZod<{ offices: OfficesService }> = async (app, opts) => {
  const tags = ['offices (back office)'];
  const { offices } = opts;

  app.get(
    '/api/office',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Офисы, включая отключённые',
        response: { 200: z.object({ items: z.array(AdminOfficeSchema) }) },
      },
    },
    async () => ({ items: await offices.list() }),
  );
  app.get(
    '/api/office/:id',
    {
      config: { access: STAFF },
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
