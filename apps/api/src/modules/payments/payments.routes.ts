import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePaymentLinkRequestSchema,
  IdParamsSchema,
  OrderStatusTokenParamsSchema,
  PaymentLinkResponseSchema,
  PaymentOutcomeQuerySchema,
  PaymentOutcomeSchema,
  RetryPaymentRequestSchema,
  TestPaymentSchema,
} from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';
import type { RefundsService } from './refunds.service.ts';

/** YooKassa notification body; only `object.id` is used, the rest is re-read from the API. */
const YooKassaNotificationSchema = z.object({
  type: z.string().optional(),
  event: z.string().max(100),
  object: z.object({ id: z.string().min(1).max(100) }).passthrough(),
});

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  refunds: RefundsService;
}> = async (app, opts) => {
  const tags = ['payments'];
  app.post(
    '/api/order/:id/create-payment-link',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Ссылка на оплату заказа (по номеру заказа и его e-mail)',
        params: IdParamsSchema,
        body: CreatePaymentLinkRequestSchema,
        response: { 200: PaymentLinkResponseSchema },
      },
    },
    async (request) =>
      opts.payments.createPaymentLink(
        request.params.id,
        request.body.email,
        request.body.returnTo,
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

  app.get(
    '/api/order/:id/payment-outcome',
    {
      // The page polls while a payment is pending (every few seconds, for a few minutes at most).
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          'Итог оплаты заказа: оплачен, не оплачен или ждёт банк (по данным сервера и платёжной системы)',
        params: IdParamsSchema,
        querystring: PaymentOutcomeQuerySchema,
        response: { 200: PaymentOutcomeSchema },
      },
    },
    async (request) => opts.payments.getPaymentOutcome(request.params.id, request.query.payment),
  );

  app.post(
    '/api/order/:id/retry-payment',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Новая ссылка на оплату после неудачной (по платежу, с которого вернулся плательщик)',
        params: IdParamsSchema,
        body: RetryPaymentRequestSchema,
        response: { 200: PaymentLinkResponseSchema },
      },
    },
    async (request) => opts.payments.retryPayment(request.params.id, request.body.paymentId),
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
      // refund.succeeded / refund.canceled name a refund; every other event a payment (decision 046).
      if (request.body.event.startsWith('refund.'))
        await opts.refunds.handleYooKassaNotification(request.body.object.id);
      else await opts.payments.handleYooKassaNotification(request.body.object.id);
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
