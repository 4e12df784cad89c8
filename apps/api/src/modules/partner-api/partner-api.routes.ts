import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  FormParamsResponseSchema,
  PartnerApiIdempotencyKeySchema,
  PartnerApiOrderCreateRequestSchema,
  PartnerApiOrderListQuerySchema,
  PartnerApiOrderListResponseSchema,
  PartnerApiOrderParamsSchema,
  PartnerApiOrderSchema,
  PartnerApiQuoteRequestSchema,
  PartnerApiQuoteResponseSchema,
  type FormParamsResponse,
} from '@app/contracts';
import { API_KEY, apiKeyScope, requireApiKey } from '#src/plugins/auth.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';
import type { PartnerApiService } from './partner-api.service.ts';

/** The OpenAPI tag and security scheme of the partner API (plugins/openapi.ts declares both). */
export const PARTNER_API_TAG = 'Partner API';
export const PARTNER_API_SECURITY: Array<Record<string, string[]>> = [
  { partnerApiKey: [] },
  { partnerApiKeyHeader: [] },
];

/** The answers every partner API call may get besides its own (the shared error body, Russian messages). */
const errors = {
  400: ErrorBodySchema.describe('Ошибка в запросе (details — по полям)'),
  401: ErrorBodySchema.describe('Нет ключа, ключ неизвестен или отозван'),
  403: ErrorBodySchema.describe('Партнёр не активен, IP не в списке разрешённых или у ключа нет права'),
  429: ErrorBodySchema.describe('Превышен лимит запросов ключа в минуту (заголовок Retry-After)'),
};

/**
 * The partner API (decision 070): called by an integrator's server with its API key, never by a session. The
 * same catalogue, price engine and order creation as the public order form.
 */
export const partnerApiRoutes: FastifyPluginAsyncZod<{
  partnerApi: PartnerApiService;
  formSettings: FormSettingsService;
}> = async (app, opts) => {
  const { partnerApi, formSettings } = opts;
  const tags = [PARTNER_API_TAG];
  const security = PARTNER_API_SECURITY;

  app.get(
    '/api/v1/partner/form-params',
    {
      config: { access: API_KEY },
      schema: {
        tags,
        security,
        summary: 'Параметры формы заказа',
        description:
          'Документы, заверения, способы доставки, языки и календарь — те же, что видит форма заказа на сайте. ' +
          'Нужен любой действующий ключ.',
        response: { 200: FormParamsResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8');
      // Already serialized from the validated cache, as the public form's own route sends it.
      return reply.send((await formSettings.getFormParamsJson()) as unknown as FormParamsResponse);
    },
  );

  app.post(
    '/api/v1/partner/quote',
    {
      config: { access: apiKeyScope('quote') },
      schema: {
        tags,
        security,
        summary: 'Рассчитать стоимость',
        description:
          'Цена по тем же правилам, что и на сайте: документы × количество, заверения, доставка, скидка по ' +
          'промокоду. Право ключа: quote.',
        body: PartnerApiQuoteRequestSchema,
        response: { 200: PartnerApiQuoteResponseSchema, ...errors },
      },
    },
    async (request) => partnerApi.quote(requireApiKey(request), request.body),
  );

  app.post(
    '/api/v1/partner/orders',
    {
      config: { access: apiKeyScope('orders:create') },
      schema: {
        tags,
        security,
        summary: 'Создать заказ',
        description:
          'Заказ создаётся так же, как с формы на сайте (цену считает сервер), и закрепляется за вами. ' +
          'Заголовок Idempotency-Key обязателен: повтор с тем же ключом и телом вернёт тот же заказ (200), ' +
          'другое тело с тем же ключом — 409. Право ключа: orders:create.',
        headers: z.object({ 'idempotency-key': PartnerApiIdempotencyKeySchema }).passthrough(),
        body: PartnerApiOrderCreateRequestSchema,
        response: {
          200: PartnerApiOrderSchema.describe('Повтор запроса: уже созданный заказ'),
          201: PartnerApiOrderSchema.describe('Заказ создан'),
          ...errors,
          409: ErrorBodySchema.describe('Этот Idempotency-Key уже использован для другого заказа'),
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await partnerApi.createOrder(
        requireApiKey(request),
        request.body,
        request.headers['idempotency-key'],
        { clickId: null, ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/v1/partner/orders',
    {
      config: { access: apiKeyScope('orders:read') },
      schema: {
        tags,
        security,
        summary: 'Ваши заказы',
        description:
          'Заказы, созданные через API вашими ключами, новые первыми. Страницы: limit (до 100) и cursor из ' +
          'nextCursor предыдущей страницы. Право ключа: orders:read.',
        querystring: PartnerApiOrderListQuerySchema,
        response: { 200: PartnerApiOrderListResponseSchema, ...errors },
      },
    },
    async (request) => partnerApi.listOrders(requireApiKey(request), request.query),
  );

  app.get(
    '/api/v1/partner/orders/:id',
    {
      config: { access: apiKeyScope('orders:read') },
      schema: {
        tags,
        security,
        summary: 'Заказ: статус, суммы, даты',
        description:
          'Только заказ, созданный через API вашими ключами; чужой — 404. Право ключа: orders:read.',
        params: PartnerApiOrderParamsSchema,
        response: {
          200: PartnerApiOrderSchema,
          ...errors,
          404: ErrorBodySchema.describe('Заказ не найден'),
        },
      },
    },
    async (request) => partnerApi.getOrder(requireApiKey(request), request.params.id),
  );
};
