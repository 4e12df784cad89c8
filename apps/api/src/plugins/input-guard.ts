import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasForbiddenCharacters, isMultilineSchema } from '@app/contracts';
import { forbiddenCharacters, type AppError } from '../lib/errors.ts';

/**
 * The one place that refuses control characters (decision 021): every string and every object key of the body,
 * the query and the path parameters of every request, before the contracts validate them — so NUL never reaches
 * PostgreSQL (a 500) and no field needs to remember the rule. Tab and line breaks pass only where the route's
 * contract marks the field `multiline(...)`. Multipart file names go through `assertCleanText` in the uploads
 * service
 * (multipart parts are read by the handler, after this hook).
 */

type ZodLike = { _zod?: { def?: Record<string, unknown> & { type?: string } } };
type Part = 'body' | 'querystring' | 'params';

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schemas a value may be checked against at this level: wrappers peeled off, pipes by their input. */
function layers(schema: unknown): ZodLike[] {
  const found: ZodLike[] = [];
  let current = schema as ZodLike | undefined;
  for (let depth = 0; current && depth < 20; depth += 1) {
    found.push(current);
    const def = current._zod?.def;
    if (!def?.type) break;
    if (WRAPPERS.has(def.type)) current = def.innerType as ZodLike;
    else if (def.type === 'pipe') current = def.in as ZodLike;
    else if (def.type === 'lazy') current = (def.getter as () => ZodLike)();
    else break;
  }
  return found;
}

/** The schema of `key` inside `schema` (object field, array/tuple item, record value, a union's options). */
function child(schema: unknown, key: string | number): unknown {
  for (const layer of layers(schema)) {
    const def = layer._zod?.def;
    switch (def?.type) {
      case 'object':
        return (def.shape as Record<string, unknown>)[String(key)] ?? def.catchall;
      case 'array':
        return def.element;
      case 'tuple':
        return (def.items as unknown[])[Number(key)] ?? def.rest;
      case 'record':
        return def.valueType;
      case 'union':
        for (const option of def.options as unknown[]) {
          const found = child(option, key);
          if (found) return found;
        }
        return undefined;
      case 'intersection':
        return child(def.left, key) ?? child(def.right, key);
    }
  }
  return undefined;
}

function allowsLineBreaks(schema: unknown): boolean {
  return layers(schema).some((layer) => {
    if (isMultilineSchema(layer)) return true;
    const def = layer._zod?.def;
    return def?.type === 'union' && (def.options as unknown[]).some((option) => allowsLineBreaks(option));
  });
}

/** The path of the first forbidden string in `value`, or null. */
function findForbidden(value: unknown, schema: unknown, path: Array<string | number>): string | null {
  if (typeof value === 'string') {
    return hasForbiddenCharacters(value, { multiline: allowsLineBreaks(schema) }) ? path.join('.') : null;
  }
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findForbidden(value[index], child(schema, index), [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) return [...path, key.replace(/[^\x20-\x7E]/g, '?')].join('.');
      const found = findForbidden(item, child(schema, key), [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Whether `value` holds no string or key that even a single-line field would refuse: the strictest rule, with no
 * schema to consult and no path to build. Nearly every request passes here and is done; only one that does not is
 * walked again with its schema (findForbidden), which alone knows where line breaks are allowed.
 */
function clean(value: unknown): boolean {
  if (typeof value === 'string') return !hasForbiddenCharacters(value);
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) if (!clean(value[index])) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasForbiddenCharacters(key) || !clean((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

type Schemas = Partial<Record<Part, unknown>> | undefined;

export function checkRequest(
  request: FastifyRequest,
  schema: Schemas = request.routeOptions.schema as Schemas,
): AppError | null {
  return (
    checkPart('params', request.params, schema) ??
    checkPart('querystring', request.query, schema) ??
    checkPart('body', request.body, schema)
  );
}

function checkPart(part: Part, value: unknown, schema: Schemas): AppError | null {
  if (value === undefined || value === null || clean(value)) return null;
  const found = findForbidden(value, schema?.[part], [part]);
  return found === null ? null : forbiddenCharacters(found);
}

type GuardHook = (request: FastifyRequest, reply: unknown, done: (error?: AppError) => void) => void;

/** The guard as a hook: a request with a forbidden character ends here with 400 (the shared error body). */
export const guardRequest: GuardHook = function guardRequest(request, _reply, done) {
  done(checkRequest(request) ?? undefined);
};

/** The guard of one route, its schema bound (no `request.routeOptions`, which builds an object per call). */
const guardFor = (schema: Schemas): GuardHook =>
  function guardRequest(request, _reply, done) {
    done(checkRequest(request, schema) ?? undefined);
  };

type HookOption = RouteOptions['onRequest'];
const withGuard = (hooks: HookOption, schema: Schemas): HookOption => {
  const list = [hooks ?? []].flat() as unknown[];
  const has = list.some((hook) => (hook as { name?: string }).name === 'guardRequest');
  return (has ? list : [...list, guardFor(schema)]) as HookOption;
};

/**
 * Attached to each route, not as a global hook (decision 040): a GET or HEAD request has no body (Fastify does not
 * read one), and its path parameters and query are parsed before `onRequest`, so for those the guard is the last
 * `onRequest` hook of the route (after the auth and rate-limit hooks, where its `preValidation` ran before) and
 * such a route has no `preValidation` phase to run at all. Other methods keep it as their `preValidation`. The
 * not-found handler gets it from `static-spa.ts`.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((method) => method === 'GET' || method === 'HEAD')) {
        route.onRequest = withGuard(route.onRequest, route.schema as Schemas);
      } else {
        route.preValidation = withGuard(
          route.preValidation as HookOption,
          route.schema as Schemas,
        ) as RouteOptions['preValidation'];
      }
    });
  },
  { name: 'input-guard' },
);
