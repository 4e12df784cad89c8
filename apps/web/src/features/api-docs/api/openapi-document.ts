import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The parts of an OpenAPI 3 document the documentation page reads. */
export type OpenApiSchema = Record<string, unknown>;
export type OpenApiParameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
};
export type OpenApiOperation = {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: OpenApiSchema }> }>;
  security?: unknown[];
};
export type OpenApiDocument = {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
};

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ApiOperationEntry = { id: string; method: HttpMethod; path: string; operation: OpenApiOperation };
export type ApiTagGroup = { tag: string; operations: ApiOperationEntry[] };

const UNTAGGED = 'Прочее';

/** Operations grouped by their first tag, tags and paths sorted; untagged ones last. */
export function groupOperationsByTag(document: OpenApiDocument): ApiTagGroup[] {
  const groups = new Map<string, ApiOperationEntry[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const tag = operation.tags?.[0] ?? UNTAGGED;
      const entries = groups.get(tag) ?? [];
      entries.push({ id: `${method}-${path}`, method, path, operation });
      groups.set(tag, entries);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === UNTAGGED ? 1 : b === UNTAGGED ? -1 : a.localeCompare(b)))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort(
        (a, b) =>
          a.path.localeCompare(b.path) || HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method),
      ),
    }));
}

/** Replaces `$ref`s to components.schemas with the schemas (once per branch, so cycles stop). */
export function resolveSchemaRefs(schema: unknown, document: OpenApiDocument, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => resolveSchemaRefs(entry, document, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const name = record.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target || seen.includes(name)) return { $ref: record.$ref };
    return resolveSchemaRefs(target, document, [...seen, name]);
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, resolveSchemaRefs(value, document, seen)]),
  );
}

export function getOpenApiDocument(): Promise<OpenApiDocument> {
  return api.get<OpenApiDocument>('/openapi.json', { auth: 'none' });
}

export const openApiDocumentQueryOptions = queryOptions({
  queryKey: ['openapi'],
  queryFn: getOpenApiDocument,
  staleTime: 5 * 60_000,
});

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions);
}
