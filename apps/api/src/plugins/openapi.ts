import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC } from './auth.ts';

/** OpenAPI 3 generated from the same zod contracts the routes validate with. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Перевод документов — API',
          description: 'Заказы переводов, личный кабинет, CRM и кабинет партнёра.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // The partner API's key (decision 070): `Authorization: Bearer pk_live_…` or the X-Api-Key header.
            partnerApiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'pk_live_…',
              description: 'API-ключ интегратора: Authorization: Bearer pk_live_…',
            },
            partnerApiKeyHeader: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Api-Key',
              description: 'Тот же API-ключ в заголовке X-Api-Key',
            },
          },
        },
        security: [{ bearerAuth: [] }],
        tags: [
          {
            name: 'Partner API',
            description:
              'API для интеграторов: цена, параметры формы и заказы по API-ключу (/api/v1/partner/…). ' +
              'Ключи создаются в кабинете партнёра на странице «API-ключи».',
          },
        ],
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
