import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffPushRequestSchema, StaffPushResponseSchema } from '@app/contracts';
import { STAFF, requireUser } from '../../plugins/auth.ts';
import type { PushStaffService } from './push-staff.service.ts';

/** /crm/push-notifications (ADMIN and MANAGER). */
export const pushStaffRoutes: FastifyPluginAsyncZod<{ pushStaff: PushStaffService }> = async (app, opts) => {
  app.post(
    '/api/admin/push',
    {
      config: { access: STAFF },
      schema: {
        tags: ['push (back office)'],
        summary:
          'Сообщение всем клиентам, сотрудникам или одному пользователю: push и уведомление в кабинете',
        body: StaffPushRequestSchema,
        response: { 200: StaffPushResponseSchema },
      },
    },
    async (request) => opts.pushStaff.send(requireUser(request), request.body),
  );
};
