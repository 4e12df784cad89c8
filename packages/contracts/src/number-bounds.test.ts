import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { z } from './zod.ts';

type Def = { type?: string; checks?: Array<{ _zod: { def: { check: string } } }> } & Record<string, unknown>;
type Node = { _zod?: { def?: Def } };

/** Paths of every number in `schema` that lacks an explicit lower or upper bound. */
function unboundedNumbers(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  const node = schema as Node;
  const def = node?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const walk = (child: unknown, suffix: string) => unboundedNumbers(child, `${path}${suffix}`, seen);
  switch (def.type) {
    case 'number': {
      const checks = (def.checks ?? []).map((check) => check._zod.def.check);
      return checks.includes('greater_than') && checks.includes('less_than') ? [] : [path];
    }
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
const inputSchemas = Object.entries(contracts).filter(
  ([name, value]) =>
    (INPUT_SCHEMA.test(name) || name === 'PushSubscriptionSchema' || name === 'AttributionSchema') &&
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value,
);

describe('number bounds (decision 021)', () => {
  it('finds the input schemas', () => {
    expect(inputSchemas.length).toBeGreaterThan(40);
    expect(inputSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'CreateOrderRequestSchema',
        'AnalyticsEventRequestSchema',
        'TariffInputSchema',
      ]),
    );
  });

  it('the walk sees numbers inside wrappers, unions, records and pipes', () => {
    const probe = z.object({
      a: z.number().int().nullable().optional(),
      b: z.union([z.number().min(0), z.string()]).transform(String),
      c: z.record(z.string(), z.array(z.number().max(1))),
      d: z.number().min(0).max(1),
    });
    expect(unboundedNumbers(probe, 'probe')).toEqual(['probe.a', 'probe.b', 'probe.c{}[]']);
  });

  it('gives every number of every input schema a lower and an upper bound', () => {
    const unbounded = inputSchemas.flatMap(([name, schema]) => unboundedNumbers(schema, name));
    expect(unbounded).toEqual([]);
  });

  it('refuses values the database columns cannot hold', () => {
    const cases: Array<[{ safeParse(value: unknown): { success: boolean } }, unknown]> = [
      [contracts.AttributionSchema, { marketingValue: 1e12 }],
      [contracts.AttributionSchema, { marketingValue: -1 }],
      [contracts.AttributionSchema, { touchpointCount: 2_147_483_648 }],
      [contracts.AnalyticsEventRequestSchema, { sessionId: 'session-1', eventType: 'x', eventValue: 1e300 }],
      [contracts.PushSubscriptionSchema, { endpoint: 'https://x.example/', expirationTime: 1e300, keys: {} }],
    ];
    for (const [schema, value] of cases)
      expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});
