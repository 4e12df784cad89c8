/**
 * Contract fuzz against a running API (used by `npm run bench:faults`): every operation of /api/openapi.json gets
 * property-based requests derived from its JSON schema (fast-check), mixed with hostile values — control
 * characters, huge strings, huge and negative numbers, wrong types, deep nesting, malformed path params and
 * bodies. Nothing here asserts; the runner returns the statuses and every 5xx with the input that caused it.
 */
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';

type Schema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
};

export type FuzzOperation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(spec: OpenApi): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/* ------------------------------------------------------------------ hostile values */

const HUGE = 'Ж'.repeat(200_000);
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\u202Eгод\u202C',
  '\uFEFF\u200B',
  '\uD800',
  '𝕏'.repeat(300),
  'x'.repeat(10_000),
  HUGE,
  "'; drop table orders; --",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '${7*7}',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '9999999999999999999999999',
  '2024-02-30',
  // Well-formed dates outside the product's calendar (decision 099): 9999-12-31 once ran a day loop for ever.
  '0001-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '0000-00-00T25:61:61Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
);
const hostileNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
);
const deep = (depth: number, kind: 'object' | 'array'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
};
const hostileShapes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  [],
  {},
  [null],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  deep(64, 'object'),
  deep(2000, 'array'),
  Array.from({ length: 5000 }, (_, i) => i),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileStrings, hostileNumbers, hostileShapes);

/* ------------------------------------------------------------------ schema → arbitrary */

const cap = (value: number | undefined, fallback: number, max: number) => Math.min(value ?? fallback, max);

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    default:
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= 500);
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({
    minLength: Math.min(minLength, 200),
    maxLength: Math.max(Math.min(minLength, 200), cap(schema.maxLength, 40, 200)),
    unit: 'grapheme',
  });
}

function numberBound(value: number | boolean | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/** Values the schema allows (approximately: allOf takes its first member, patterns may be skipped). */
export function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if (schema.anyOf ?? schema.oneOf)
    arbitrary = fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map((member) => valueOf(member, depth + 1)));
  else if (schema.allOf?.[0]) arbitrary = valueOf(schema.allOf[0], depth + 1);
  else {
    switch (schema.type) {
      case 'string':
        arbitrary = stringArbitrary(schema);
        break;
      case 'integer': {
        const min = Math.ceil(numberBound(schema.minimum ?? schema.exclusiveMinimum, -1_000_000));
        const max = Math.floor(numberBound(schema.maximum ?? schema.exclusiveMaximum, 1_000_000));
        arbitrary = fc.integer({
          min: Math.max(min, Number.MIN_SAFE_INTEGER),
          max: Math.min(Math.max(min, max), Number.MAX_SAFE_INTEGER),
        });
        break;
      }
      case 'number': {
        const min = numberBound(schema.minimum ?? schema.exclusiveMinimum, -1_000_000);
        const max = numberBound(schema.maximum ?? schema.exclusiveMaximum, 1_000_000);
        arbitrary = fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
        break;
      }
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'array':
        arbitrary = fc.array(valueOf(schema.items, depth + 1), {
          minLength: Math.min(schema.minItems ?? 0, 20),
          maxLength: Math.max(Math.min(schema.minItems ?? 0, 20), cap(schema.maxItems, 4, 20)),
        });
        break;
      case 'object':
      case undefined:
        if (schema.properties) {
          const model: Record<string, fc.Arbitrary<unknown>> = {};
          for (const [key, property] of Object.entries(schema.properties))
            model[key] = valueOf(property, depth + 1);
          arbitrary = fc.record(model, { requiredKeys: schema.required ?? [] });
        } else arbitrary = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }));
        break;
      default:
        arbitrary = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** A valid-ish value, one of its fields replaced or dropped, or something else entirely. */
function mutated(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const valid = valueOf(schema);
  const field = fc.tuple(valid, fc.nat(), hostileValue, fc.boolean()).map(([value, index, hostile, drop]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostile;
    const keys = Object.keys(schema?.properties ?? value);
    if (keys.length === 0) return { [`extra${index % 3}`]: hostile };
    const key = keys[index % keys.length]!;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (drop) delete copy[key];
    else copy[key] = hostile;
    return copy;
  });
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: field, weight: 4 },
    { arbitrary: hostileValue, weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

/* ------------------------------------------------------------------ requests */

/** One request: the URL path with its query, and the raw body with its content type. */
export type FuzzCase = {
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** Path segments no schema would produce: malformed percent-escapes, traversal, control characters. */
const RAW_SEGMENTS = fc.constantFrom(
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '%0A',
  '%E2%80%AE',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '0',
  'NaN',
  '1e309',
  'null',
  'undefined',
  '%20',
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  '{id}',
);

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  const json = JSON.stringify(value);
  return typeof json === 'string' ? json : String(value);
}

/** encodeURIComponent, but a lone surrogate becomes its raw (invalid UTF-8) bytes instead of an exception. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')) + '%ED%A0%80';
  }
}

function pathArbitrary(operation: FuzzOperation): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(operation.path);
  const byName = new Map(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]));
  const segment = (name: string) =>
    fc.oneof(
      {
        arbitrary: valueOf(byName.get(name)).map((value) => encodeSegment(stringify(value))),
        weight: 3,
      },
      {
        arbitrary: hostileValue.map((value) => encodeSegment(stringify(value).slice(0, 3000))),
        weight: 2,
      },
      { arbitrary: RAW_SEGMENTS, weight: 2 },
    );
  return fc
    .tuple(...names.map(segment))
    .map((values) =>
      names.reduce((path, name, index) => path.replace(`{${name}}`, values[index]!), operation.path),
    );
}

function queryArbitrary(operation: FuzzOperation): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === 'query');
  const one = (parameter: Parameter) =>
    fc.option(
      fc.oneof(
        { arbitrary: valueOf(parameter.schema), weight: 3 },
        { arbitrary: hostileValue, weight: 2 },
        { arbitrary: fc.array(hostileStrings, { minLength: 2, maxLength: 3 }), weight: 1 },
      ),
      { nil: undefined, freq: parameter.required ? 10 : 3 },
    );
  const extra = fc.option(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'limit', 'x[]'), hostileStrings),
    {
      freq: 4,
      nil: undefined,
    },
  );
  return fc.tuple(fc.tuple(...parameters.map(one)), extra).map(([values, more]) => {
    const search = new URLSearchParams();
    parameters.forEach((parameter, index) => {
      const value = values[index];
      if (value === undefined) return;
      if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
        for (const item of value) search.append(parameter.name, item);
      else search.append(parameter.name, stringify(value).slice(0, 10_000));
    });
    if (more) search.append(more[0], more[1].slice(0, 10_000));
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const RAW_BODIES = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"\u0000"',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  `{"x":"${'a'.repeat(2_000_000)}"}`,
  '['.repeat(100_000),
  '{"__proto__":{"isAdmin":true}}',
);

function bodyArbitrary(operation: FuzzOperation): fc.Arbitrary<{ body?: string; type?: string }> {
  const json = (value: unknown) => ({ body: JSON.stringify(value) ?? 'null', type: 'application/json' });
  if (!operation.body && (operation.method === 'GET' || operation.method === 'DELETE'))
    return fc.constant({});
  const schemaBodies = operation.body ? mutated(operation.body).map(json) : hostileValue.map(json);
  return fc.oneof(
    { arbitrary: schemaBodies, weight: 8 },
    { arbitrary: RAW_BODIES.map((body) => ({ body, type: 'application/json' })), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
          hostileStrings,
        )
        .map(([type, body]) => ({ body, type })),
      weight: 1,
    },
  );
}

function headerArbitrary(operation: FuzzOperation): fc.Arbitrary<Record<string, string>> {
  const parameters = operation.parameters.filter((p) => p.in === 'header');
  // Header values cannot carry control characters on the wire: printable values only.
  const printable = (value: unknown) =>
    stringify(value)
      .replace(/[^\x20-\x7e]/g, '?')
      .slice(0, 4000);
  return fc
    .tuple(
      ...parameters.map((parameter) =>
        fc.option(fc.oneof(valueOf(parameter.schema), hostileValue).map(printable), { nil: undefined }),
      ),
    )
    .map((values) => {
      const headers: Record<string, string> = {};
      parameters.forEach((parameter, index) => {
        if (values[index] !== undefined) headers[parameter.name] = values[index];
      });
      return headers;
    });
}

export function caseArbitrary(operation: FuzzOperation): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      path: pathArbitrary(operation),
      query: queryArbitrary(operation),
      body: bodyArbitrary(operation),
      headers: headerArbitrary(operation),
    })
    .map(({ path, query, body, headers }) => ({
      url: `${path}${query}`,
      headers: { ...headers, ...(body.type ? { 'content-type': body.type } : {}) },
      ...(body.body !== undefined ? { body: body.body } : {}),
    }));
}

/* ------------------------------------------------------------------ runner */

export type FuzzFailure = {
  operation: string;
  status: number;
  auth: 'anonymous' | 'admin';
  sample: string;
  answer: string;
};

export type FuzzResult = {
  operations: number;
  requests: number;
  /** By status class ('2xx', '4xx', ...); 'none' when no answer came (client timeout, reset). */
  byClass: Record<string, number>;
  failures: FuzzFailure[];
  /** Requests that got no answer at all. */
  unanswered: FuzzFailure[];
  adminLogins: number;
  elapsedMs: number;
};

const truncate = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/**
 * Sends `runs` generated requests per operation, each anonymously and with the ADMIN bearer token of `login()`
 * (obtained again whenever an answer shows it no longer works: a fuzzed logout ends its session).
 */
export async function runContractFuzz(options: {
  base: string;
  operations: FuzzOperation[];
  runs: number;
  seed: number;
  concurrency: number;
  timeoutMs: number;
  login(): Promise<string>;
}): Promise<FuzzResult> {
  const started = performance.now();
  const byClass: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  const unanswered: FuzzFailure[] = [];
  let requests = 0;
  let adminLogins = 0;
  let token: Promise<string> | undefined;
  const adminToken = () => {
    if (!token) {
      adminLogins += 1;
      token = options.login();
    }
    return token;
  };
  const checkToken = async (used: string) => {
    const response = await fetch(`${options.base}/api/profile`, {
      headers: { authorization: `Bearer ${used}` },
    }).catch(() => undefined);
    if (response?.status === 401 && token && (await token) === used) token = undefined;
  };

  const jobs: Array<{ operation: FuzzOperation; request: FuzzCase; auth: 'anonymous' | 'admin' }> = [];
  options.operations.forEach((operation, index) => {
    const cases = fc.sample(caseArbitrary(operation), { numRuns: options.runs, seed: options.seed + index });
    for (const request of cases) {
      jobs.push({ operation, request, auth: 'anonymous' }, { operation, request, auth: 'admin' });
    }
  });

  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { operation, request, auth } = jobs[next++]!;
      const headers: Record<string, string> = { ...request.headers };
      let used: string | undefined;
      if (auth === 'admin') {
        used = await adminToken();
        headers.authorization = `Bearer ${used}`;
      }
      const name = `${operation.method} ${operation.path}`;
      const sample = truncate(
        `${operation.method} ${request.url}${request.body !== undefined ? ` body=${request.body}` : ''}`,
        300,
      );
      requests += 1;
      try {
        const response = await fetch(`${options.base}${request.url}`, {
          method: operation.method,
          headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text();
        const key = `${Math.floor(response.status / 100)}xx`;
        byClass[key] = (byClass[key] ?? 0) + 1;
        if (response.status >= 500)
          failures.push({
            operation: name,
            status: response.status,
            auth,
            sample,
            answer: truncate(text, 200),
          });
        if (used && response.status === 401) await checkToken(used);
      } catch (error) {
        byClass.none = (byClass.none ?? 0) + 1;
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        unanswered.push({ operation: name, status: 0, auth, sample, answer: truncate(message, 200) });
      }
      // A fuzzed logout (or a role change) may end the admin session without a 401 on that very request.
      if (used && /logout/.test(operation.path)) await checkToken(used);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return {
    operations: options.operations.length,
    requests,
    byClass,
    failures,
    unanswered,
    adminLogins,
    elapsedMs: performance.now() - started,
  };
}
