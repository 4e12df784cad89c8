import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../api/openapi';
import { curlExample, exampleOf, fieldsOf, nodeExample, partnerOperations } from './openapi-docs';

const DOCUMENT: OpenApiDocument = {
  paths: {
    '/api/order': { post: { tags: ['order-form'], summary: 'Форма' } },
    '/api/v1/partner/orders/{id}': {
      get: {
        tags: ['Partner API'],
        summary: 'Заказ',
        description: 'Право ключа: orders:read.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      },
    },
    '/api/v1/partner/orders': {
      post: {
        tags: ['Partner API'],
        summary: 'Создать заказ',
        description: 'Право ключа: orders:create.',
        parameters: [{ name: 'idempotency-key', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['documentsWithQuantity', 'email'],
                properties: {
                  documentsWithQuantity: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['documentId', 'quantity'],
                      properties: {
                        documentId: { type: 'string', format: 'uuid' },
                        quantity: { type: 'integer', minimum: 1 },
                      },
                    },
                  },
                  email: { type: 'string' },
                  comment: { type: 'string', nullable: true },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('the docs page read from OpenAPI (decision 070)', () => {
  const operations = partnerOperations(DOCUMENT);

  it('takes the «Partner API» operations only, with the scope from their description', () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path} ${operation.scope}`)).toEqual(
      ['POST /api/v1/partner/orders orders:create', 'GET /api/v1/partner/orders/{id} orders:read'],
    );
  });

  it('lists the body fields, nested ones by path, and builds an example of the required ones', () => {
    const [create] = operations;
    expect(fieldsOf(create!.body)).toEqual([
      { name: 'documentsWithQuantity', type: 'array of object', required: true },
      { name: 'documentsWithQuantity[].documentId', type: 'string (uuid)', required: true },
      { name: 'documentsWithQuantity[].quantity', type: 'integer', required: true },
      { name: 'email', type: 'string', required: true },
      { name: 'comment', type: 'string | null', required: false },
    ]);
    expect(exampleOf(create!.body ?? undefined)).toEqual({
      documentsWithQuantity: [{ documentId: '<id документа из form-params>', quantity: 1 }],
      email: 'client@example.ru',
    });
  });

  it('writes curl and Node examples with the key, the Idempotency-Key where required, and the body', () => {
    const [create, read] = operations;
    const curl = curlExample(create!, 'https://perevod.example');
    expect(curl).toContain("curl -X POST 'https://perevod.example/api/v1/partner/orders'");
    expect(curl).toContain("-H 'Authorization: Bearer pk_live_…'");
    expect(curl).toContain("-H 'Idempotency-Key: order-2026-0001'");
    expect(curl).toContain('"email": "client@example.ru"');
    const node = nodeExample(read!, 'https://perevod.example');
    expect(node).toContain("fetch('https://perevod.example/api/v1/partner/orders/<id>'");
    expect(node).not.toContain('Idempotency-Key');
    expect(node).not.toContain('body:');
  });
});
