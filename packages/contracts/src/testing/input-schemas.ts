import * as contracts from '../index.ts';

/** A node of a zod schema as the walks below read it (zod 4's `_zod.def`). */
export type SchemaDef = {
  type?: string;
  checks?: Array<{ _zod: { def: { check: string; format?: string; fn?: unknown } } }>;
} & Record<string, unknown>;
type Node = { _zod?: { def?: SchemaDef } };

/**
 * The paths `visit` reports in `schema`, walking into objects, arrays, tuples, records, unions, intersections,
 * pipes and wrappers. `visit` sees each node first: an array (even empty) is its verdict on that node and ends the
 * walk there; undefined walks on into the node's children.
 */
export function findInSchema(
  schema: unknown,
  path: string,
  visit: (def: SchemaDef, path: string) => string[] | undefined,
  seen = new Set<unknown>(),
): string[] {
  const def = (schema as Node)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const verdict = visit(def, path);
  if (verdict) return verdict;
  const walk = (child: unknown, suffix: string) => findInSchema(child, `${path}${suffix}`, visit, seen);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) =>
        walk(value, `.${key}`),
      );
    case 'array':
      return walk(def.element, '[]');
    case 'tuple':
      return (def.items as unknown[]).flatMap((item, index) => walk(item, `[${index}]`));
    case 'record':
      return walk(def.valueType, '{}');
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option, ''));
    case 'intersection':
      return [...walk(def.left, ''), ...walk(def.right, '')];
    case 'pipe':
      return [...walk(def.in, ''), ...walk(def.out, '')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, '');
    default:
      return [];
  }
}

/** Every schema the API validates input with: requests, queries, path parameters, form inputs. */
const INPUT_SCHEMA = /(Request|Query|Params|Input|Filters)Schema$/;
export const inputSchemas = Object.entries(contracts).filter(
  ([name, value]) =>
    (INPUT_SCHEMA.test(name) || name === 'PushSubscriptionSchema' || name === 'AttributionSchema') &&
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value,
);
