import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SuccessResponseSchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryQuerySchema,
  WebhookEndpointCreateRequestSchema,
  WebhookEndpointListResponseSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateRequestSchema,
  WebhookSecretResponseSchema,
} from '@app/contracts';
import { INTEGRATOR_PORTAL, requirePartner } from '../../plugins/auth.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * An integrator's webhook endpoints and their delivery log (decision 071). INTEGRATOR partner sessions (another type
 * gets 403 from the access check). Sending now (test, resend) makes an outgoing request of up to 10 s:
 * limited per address.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, opts) => {
  const { webhooks } = opts;
  const tags = ['partner webhooks'];
  const access = INTEGRATOR_PORTAL;
  const sendNowLimit = { max: 30, timeWindow: '1 minute' };

  app.get(
    '/api/partner/webhooks',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Адреса вебхуков интегратора',
        response: { 200: WebhookEndpointListResponseSchema },
      },
    },
    async (request) => webhooks.list(requirePartner(request)),
  );

  app.post(
    '/api/partner/webhooks',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новый адрес вебхука; секрет подписи — только в этом ответе',
        body: WebhookEndpointCreateRequestSchema,
        response: { 201: WebhookSecretResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return webhooks.create(requirePartner(request), request.body);
    },
  );

  app.patch(
    '/api/partner/webhooks/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'События, описание, включение и отключение адреса',
        params: WebhookEndpointParamsSchema,
        body: WebhookEndpointUpdateRequestSchema,
        response: { 200: WebhookEndpointSchema },
      },
    },
    async (request) => webhooks.update(requirePartner(request), request.params.id, request.body),
  );

  app.delete(
    '/api/partner/webhooks/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление адреса вместе с журналом отправок',
        params: WebhookEndpointParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await webhooks.remove(requirePartner(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/partner/webhooks/:id/rotate-secret',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новый секрет подписи (показывается один раз; прежний перестаёт действовать)',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookSecretResponseSchema },
      },
    },
    async (request) => webhooks.rotateSecret(requirePartner(request), request.params.id),
  );

  app.post(
    '/api/partner/webhooks/:id/test',
    {
      config: { access, rateLimit: sendNowLimit },
      schema: {
        tags,
        summary: 'Отправить тестовое событие сейчас',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookDeliveryDetailSchema },
      },
    },
    async (request) => webhooks.sendTest(requirePartner(request), request.params.id),
  );

  app.get(
    '/api/partner/webhooks/:id/deliveries',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Журнал отправок адреса, новые первыми',
        params: WebhookEndpointParamsSchema,
        querystring: WebhookDeliveryQuerySchema,
        response: { 200: WebhookDeliveryListResponseSchema },
      },
    },
    async (request) => webhooks.listDeliveries(requirePartner(request), request.params.id, request.query),
  );

  app.get(
    '/api/partner/webhooks/:id/deliveries/:deliveryId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Отправка: тело события и все попытки',
        params: WebhookDeliveryParamsSchema,
        response: { 200: WebhookDeliveryDetailSchema },
      },
    },
    async (request) =>
      webhooks.getDelivery(requirePartner(request), request.params.id, request.params.deliveryId),
  );

  app.post(
    '/api/partner/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { access, rateLimit: sendNowLimit },
      schema: {
        tags,
        summary: 'Отправить событие повторно сейчас',
        params: WebhookDeliveryParamsSchema,
        response: { 200: WebhookDeliveryDetailSchema },
      },
    },
    async (request) => webhooks.resend(requirePartner(request), request.params.id, request.params.deliveryId),
  );
};
