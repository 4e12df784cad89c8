import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter } from '../api/openapi';

/** The OpenAPI tag of the partner API (apps/api partner-api.routes.ts). */
export const PARTNER_API_TAG = 'Partner API';

export type DocOperation = {
  id: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
  /** The key's scope the operation needs, read from its description («Право ключа: …»); null: any key. */
  scope: string | null;
  parameters: OpenApiParameter[];
  body: JsonSchema | null;
};

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** The partner API's operations in the document, in path order. */
export function partnerOperations(document: OpenApiDocument): DocOperation[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes(PARTNER_API_TAG))
        .map(([method, operation]) => ({
          id: `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, ''),
          method: method.toUpperCase(),
          path,
          operation,
          scope: /Право ключа: ([a-z:]+)/.exec(operation.description ?? '')?.[1] ?? null,
          parameters: operation.parameters ?? [],
          body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        })),
    )
    .sort(
      (a, b) =>
        a.path.localeCompare(b.path) ||
        METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase()),
    );
}

/** Example values by field name: real-looking data where a generic one would mislead. */
const EXAMPLES: Record<string, unknown> = {
  documentId: '<id документа из form-params>',
  assuranceId: '<id заверения из form-params>',
  deliveryId: '<id способа доставки из form-params>',
  pickupPointId: '<id пункта выдачи>',
  originalLanguage: 'ru',
  targetLanguage: 'en',
  name: 'Иван Петров',
  phoneNumber: '+79161234567',
  email: 'client@example.ru',
  payerType: 'INDIVIDUAL',
  quantity: 1,
};

/** A small example of a request body: the required fields (and what they hold), filled with plausible values. */
export function exampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return null;
  if (name in EXAMPLES) return EXAMPLES[name];
  if (schema.anyOf?.[0]) return exampleOf(schema.anyOf[0], name);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, value]) => [key, exampleOf(value, key)]),
      );
    }
    case 'array':
      return [exampleOf(schema.items, name)];
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'uuid' ? '<id>' : schema.format === 'email' ? 'client@example.ru' : 'текст';
    default:
      return null;
  }
}

/** A field's type as a reader wants it: «string (uuid)», «array of object», «"A" | "B"», optional null. */
export function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  const base = schema.enum
    ? schema.enum.map((value) => JSON.stringify(value)).join(' | ')
    : schema.type === 'array'
      ? `array of ${schema.items ? typeOf(schema.items) : 'any'}`
      : `${schema.type ?? 'any'}${schema.format ? ` (${schema.format})` : ''}`;
  return schema.nullable ? `${base} | null` : base;
}

export type FieldRow = { name: string; type: string; required: boolean };

/** The body's fields, nested ones as `parent.child` (`parent[].child` in arrays). */
export function fieldsOf(schema: JsonSchema | null, prefix = ''): FieldRow[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([key, value]) => {
    const name = `${prefix}${key}`;
    const row = { name, type: typeOf(value), required: required.has(key) };
    const nested =
      value.type === 'object'
        ? fieldsOf(value, `${name}.`)
        : value.type === 'array' && value.items?.type === 'object'
          ? fieldsOf(value.items, `${name}[].`)
          : [];
    return [row, ...nested];
  });
}

/** An example path: `{id}` becomes a placeholder the reader replaces. */
const examplePath = (path: string) => path.replace(/\{(\w+)\}/g, (_match, param: string) => `<${param}>`);

const needsIdempotencyKey = (operation: DocOperation) =>
  operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');

/** The operation as a curl command. */
export function curlExample(operation: DocOperation, origin: string): string {
  const lines = [`curl -X ${operation.method} '${origin}${examplePath(operation.path)}'`];
  lines.push(`  -H 'Authorization: Bearer pk_live_…'`);
  if (needsIdempotencyKey(operation)) lines.push(`  -H 'Idempotency-Key: order-2026-0001'`);
  if (operation.body) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d '${JSON.stringify(exampleOf(operation.body), null, 2).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

/** The operation with Node's own fetch (Node 18+), the key from the environment. */
export function nodeExample(operation: DocOperation, origin: string): string {
  const headers = ['    Authorization: `Bearer ${process.env.PARTNER_API_KEY}`,'];
  if (needsIdempotencyKey(operation)) headers.push(`    'Idempotency-Key': 'order-2026-0001',`);
  if (operation.body) headers.push(`    'Content-Type': 'application/json',`);
  const body = operation.body
    ? `  body: JSON.stringify(${JSON.stringify(exampleOf(operation.body), null, 2).replace(/\n/g, '\n  ')}),\n`
    : '';
  return [
    `const response = await fetch('${origin}${examplePath(operation.path)}', {`,
    `  method: '${operation.method}',`,
    `  headers: {`,
    ...headers,
    `  },`,
    `${body}});`,
    `const data = await response.json();`,
    `// Ошибка: { statusCode, code, message, details? } — message по-русски`,
    `if (!response.ok) throw new Error(data.message);`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}
