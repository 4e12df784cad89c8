import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckDeliveryPriceRequestSchema,
  CheckDeliveryPriceResponseSchema,
  CreateOrderRequestSchema,
  IdempotencyKeySchema,
  OrderSummarySchema,
  PromoValidateQuerySchema,
  PromoValidateResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import fastifyCookie from '@fastify/cookie';
import { REFERRAL_COOKIE } from '@app/contracts';
import { clickIdFromCookie } from '../../referrals/referrals.service.ts';
import { PUBLIC } from '#src/plugins/auth.ts';
import type { DeliveryPriceService } from './delivery-price.service.ts';
import type { OrdersService } from './orders.service.ts';

export const ordersPublicRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  deliveryPrice: DeliveryPriceService;
  ordersPerMinute: number;
}> = async (app, opts) => {
  const tags = ['order-form'];

  app.post(
    '/api/order',
    {
      config: { access: PUBLIC, rateLimit: { max: opts.ordersPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Создать заказ (цену считает сервер; Idempotency-Key защищает от повторов)',
        headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }).passthrough(),
        body: CreateOrderRequestSchema,
        response: { 200: OrderSummarySchema, 201: OrderSummarySchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      // The referral cookie (decision 061), parsed here only: no cookie hook on every route. The parser is
      // @fastify/cookie's, loaded by its registration with the /r/:code route (referrals-public.routes.ts).
      const cookieHeader = request.headers.cookie;
      const clickId = cookieHeader
        ? clickIdFromCookie(fastifyCookie.parse(cookieHeader)[REFERRAL_COOKIE])
        : null;
      const { order, created } = await opts.orders.createOrder(
        request.principal,
        request.body,
        typeof key === 'string' ? key : null,
        { clickId, ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/form-settings/promocode/validate',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Проверить промокод',
        querystring: PromoValidateQuerySchema,
        response: { 200: PromoValidateResponseSchema },
      },
    },
    async (request) => opts.orders.validatePromo(request.query.code),
  );

  app.post(
    '/api/order/yandex-delivery/check-price',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Стоимость курьерской доставки',
        body: CheckDeliveryPriceRequestSchema,
        response: { 200: CheckDeliveryPriceResponseSchema },
      },
    },
    async (request) => opts.deliveryPrice.checkPrice(request.body),
  );
};
