import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateCrmAccessRequestSchema,
  CrmAccessRequestSchema,
  CrmAccessRequestStatusSchema,
  GrantCrmAccessRequestSchema,
  IdParamsSchema,
  listResponse,
  RefuseCrmAccessRequestSchema,
} from '@app/contracts';
import { ADMIN_ONLY, SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { CrmAccessService } from './crm-access.service.ts';

export const crmAccessRoutes: FastifyPluginAsyncZod<{ crmAccess: CrmAccessService }> = async (app, opts) => {
  const { crmAccess } = opts;
  const tags = ['crm-access'];

  app.get(
    '/api/crm-access-request/my',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Моя заявка на доступ к CRM (или null)',
        response: { 200: CrmAccessRequestSchema.nullable() },
      },
    },
    async (request) => crmAccess.getMine(requireUser(request)),
  );

  app.post(
    '/api/crm-access-request',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Запросить доступ к CRM',
        body: CreateCrmAccessRequestSchema.optional(),
        response: { 200: CrmAccessRequestSchema },
      },
    },
    async (request) => crmAccess.request(requireUser(request), request.body?.comment),
  );

  app.get(
    '/api/admin/crm-access-requests',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Заявки на доступ к CRM',
        querystring: z.object({ status: CrmAccessRequestStatusSchema.optional() }),
        response: { 200: listResponse(CrmAccessRequestSchema) },
      },
    },
    async (request) => {
      const items = await crmAccess.list(request.query.status);
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/admin/crm-access-requests/:id/grant',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Одобрить заявку и назначить роль',
        params: IdParamsSchema,
        body: GrantCrmAccessRequestSchema,
        response: { 200: CrmAccessRequestSchema },
      },
    },
    async (request) =>
      crmAccess.decide(requireUser(request), request.params.id, { kind: 'grant', input: request.body }),
  );

  app.post(
    '/api/admin/crm-access-requests/:id/refuse',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Отклонить заявку (причина придёт заявителю в письме)',
        params: IdParamsSchema,
        body: RefuseCrmAccessRequestSchema.nullish(),
        response: { 200: CrmAccessRequestSchema },
      },
    },
    async (request) =>
      crmAccess.decide(requireUser(request), request.params.id, {
        kind: 'refuse',
        reason: request.body?.reason || null,
      }),
  );
};
