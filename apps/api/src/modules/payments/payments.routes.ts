import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  OrderStatusTokenParamsSchema,
  PaymentLinkResponseSchema,
  TestPaymentSchema,
} from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';

/** YooKassa notification body; only `object.id` is used, the rest is re-read from the API. */
const YooKassaNotificationSchema = z.object({
  type: z.string().optional(),
  event: z.string().max(100),
  object: z.object({ id: z.string().min(1).max(100) }).passthrough(),
});

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, opts) => {
  const tags = ['payments'];
  app.post(
    '/api/order/:id/create-payment-link',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Ссылка на оплату заказа (по номеру заказа и его e-mail)',
        params: IdParamsSchema,
        body: z.object({ email: z.string().trim().max(254).nullable().optional() }),
        response: { 200: PaymentLinkResponseSchema },
      },
    },
    async (request) =>
      opts.payments.createPaymentLink(
        request.params.id,
        request.body.email,
        // The origin the site was opened under; the service uses it only when it is in SITE_ORIGINS.
        `${request.protocol}://${request.host}`,
      ),
  );

  app.post(
    '/api/order-status/:token/payment-link',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Ссылка на оплату заказа со страницы статуса (по ссылке из письма)',
        params: OrderStatusTokenParamsSchema,
        response: { 200: PaymentLinkResponseSchema },
      },
    },
    async (request) => opts.payments.createPaymentLinkByStatusToken(request.params.token),
  );

  app.post(
    '/api/payments/yookassa/webhook',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Уведомления ЮKassa (состояние платежа перечитывается из API)',
        body: YooKassaNotificationSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await opts.payments.handleYooKassaNotification(request.body.object.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/payments/test/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Тестовая страница оплаты: платёж',
        params: IdParamsSchema,
        response: { 200: TestPaymentSchema },
      },
    },
    async (request) => opts.payments.getTestPayment(request.params.id),
  );

  app.post(
    '/api/payments/test/:id/:decision',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Тестовая страница оплаты: подтвердить или отклонить',
        params: IdParamsSchema.extend({ decision: z.enum(['confirm', 'decline']) }),
        response: { 200: TestPaymentSchema },
      },
    },
    async (request) => opts.payments.decideTestPayment(request.params.id, request.params.decision),
  );
};
