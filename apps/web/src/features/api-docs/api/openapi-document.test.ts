import { describe, expect, it } from 'vitest';
import { groupOperationsByTag, resolveSchemaRefs, type OpenApiDocument } from './openapi-document';

const document: OpenApiDocument = {
  paths: {
    '/api/health': { get: { summary: 'Health' } },
    '/api/auth/login': { post: { tags: ['auth'], summary: 'Login' }, parameters: [] },
    '/api/auth/config': { get: { tags: ['auth'] } },
    '/api/profile': { get: { tags: ['profile'] }, put: { tags: ['profile'] } },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: { id: { type: 'string' }, friend: { $ref: '#/components/schemas/User' } },
      },
    },
  },
};

describe('groupOperationsByTag', () => {
  it('groups by first tag, sorted, untagged last', () => {
    const groups = groupOperationsByTag(document);
    expect(groups.map((group) => group.tag)).toEqual(['auth', 'profile', 'Прочее']);
    expect(groups[0]?.operations.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'get /api/auth/config',
      'post /api/auth/login',
    ]);
    expect(groups[1]?.operations.map((entry) => entry.method)).toEqual(['get', 'put']);
  });
});

describe('resolveSchemaRefs', () => {
  it('inlines component schemas and stops on cycles', () => {
    expect(resolveSchemaRefs({ $ref: '#/components/schemas/User' }, document)).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, friend: { $ref: '#/components/schemas/User' } },
    });
  });
});
