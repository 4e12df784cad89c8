import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { findInSchema, inputSchemas } from './testing/input-schemas.ts';
import { z } from './zod.ts';

/** Paths of every number in `schema` that lacks an explicit lower or upper bound. */
function unboundedNumbers(schema: unknown, path: string): string[] {
  return findInSchema(schema, path, (def, at) => {
    if (def.type !== 'number') return undefined;
    const checks = (def.checks ?? []).map((check) => check._zod.def.check);
    return checks.includes('greater_than') && checks.includes('less_than') ? [] : [at];
  });
}

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
