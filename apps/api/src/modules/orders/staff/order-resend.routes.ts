import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, OrderResendRequestSchema, OrderResendResponseSchema } from '@app/contracts';
import { STAFF, requireUser } from '#src/plugins/auth.ts';
import type { OrderResendService } from './order-resend.service.ts';

/** Sending the customer's order mail again from the CRM order page (decision 057): ADMIN and MANAGER. */
export const orderResendRoutes: FastifyPluginAsyncZod<{ resend: OrderResendService }> = async (app, opts) => {
  app.post(
    '/api/order/:id/resend',
    {
      config: { access: STAFF },
      schema: {
        tags: ['orders (back office)'],
        summary: 'Отправить клиенту подтверждение заказа или ссылку на оплату повторно',
        description:
          'Письмо на e-mail заказа: подтверждение (с новой одноразовой ссылкой входа) или ссылка на оплату ' +
          'неоплаченной суммы. Одно письмо каждого вида на заказ в минуту (429 с Retry-After).',
        params: IdParamsSchema,
        body: OrderResendRequestSchema,
        response: { 200: OrderResendResponseSchema },
      },
    },
    async (request) => opts.resend.resend(requireUser(request), request.params.id, request.body.mail),
  );
};
