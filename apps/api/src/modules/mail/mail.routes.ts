import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MailOutboxItemSchema, MailOutboxQuerySchema, listResponse } from '@app/contracts';
import { ADMIN_ONLY } from '../../plugins/auth.ts';
import type { MailService } from './mail.service.ts';

export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, opts) => {
  app.get(
    '/api/admin/mail-outbox',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['admin'],
        summary: 'Отправленные письма (новые сначала)',
        querystring: MailOutboxQuerySchema,
        response: { 200: listResponse(MailOutboxItemSchema) },
      },
    },
    async (request) => opts.mail.listOutbox(request.query),
  );
};
