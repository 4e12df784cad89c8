import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ListQuerySchema,
  PushCampaignListResponseSchema,
  PushCampaignParamsSchema,
  PushCampaignSchema,
  PushRecipientListResponseSchema,
  PushRecipientQuerySchema,
  StaffPushRequestSchema,
} from '@app/contracts';
import { ADMIN_ONLY, STAFF, requireUser } from '../../plugins/auth.ts';
import type { PushStaffService } from './push-staff.service.ts';

/** /crm/push-notifications (ADMIN and MANAGER; a message to one picked user: ADMIN). */
export const pushStaffRoutes: FastifyPluginAsyncZod<{ pushStaff: PushStaffService }> = async (app, opts) => {
  const tags = ['push (back office)'];
  app.post(
    '/api/admin/push',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary:
          'Сообщение всем клиентам, сотрудникам или одному пользователю: уведомление в кабинете сразу, push — задачей notification-tasks',
        body: StaffPushRequestSchema,
        response: { 202: PushCampaignSchema },
      },
    },
    async (request, reply) => {
      const campaign = await opts.pushStaff.send(requireUser(request), request.body);
      return reply.code(202).send(campaign);
    },
  );
  app.get(
    '/api/admin/push',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Отправленные сообщения, новые сначала, с итогами доставки',
        querystring: ListQuerySchema.pick({ limit: true, cursor: true }),
        response: { 200: PushCampaignListResponseSchema },
      },
    },
    async (request) => opts.pushStaff.list(request.query),
  );
  app.get(
    '/api/admin/push/recipients',
    {
      // The user directory (e-mail, name, phone of everyone) is ADMIN's, like /api/user/list (decision 021).
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Поиск получателя сообщения по e-mail, телефону или имени',
        querystring: PushRecipientQuerySchema,
        response: { 200: PushRecipientListResponseSchema },
      },
    },
    async (request) => opts.pushStaff.recipients(request.query),
  );
  app.get(
    '/api/admin/push/:id',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Одно сообщение: отправляется или отправлено — доставлено, ошибок, удалено подписок',
        params: PushCampaignParamsSchema,
        response: { 200: PushCampaignSchema },
      },
    },
    async (request) => opts.pushStaff.get(request.params.id),
  );
};
