import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { CALENDAR_DAYS, CALENDAR_YEARS, dropOutsideCalendar, isInCalendar, isoDateField } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { findInSchema, inputSchemas } from './testing/input-schemas.ts';
import { z } from './zod.ts';

const DATE_FORMATS = new Set(['date', 'datetime']);

/**
 * Paths of every date or date-time string in `schema` that the calendar bound does not hold: neither refused
 * outside it (`isInCalendar` as a check) nor dropped (`dropOutsideCalendar` as the transform right after it).
 */
function unboundedDates(schema: unknown, path: string): string[] {
  return findInSchema(schema, path, (def, at) => {
    if (def.type === 'pipe') {
      const out = (def.out as { _zod: { def: { type: string; transform?: unknown } } })._zod.def;
      if (out.type === 'transform' && out.transform === dropOutsideCalendar) return [];
      return undefined;
    }
    if (def.type !== 'string') return undefined;
    const checks = (def.checks ?? []).map((check) => check._zod.def);
    const isDate =
      DATE_FORMATS.has(String(def.format)) ||
      checks.some((check) => check.check === 'string_format' && DATE_FORMATS.has(String(check.format)));
    if (!isDate) return [];
    return checks.some((check) => check.check === 'custom' && check.fn === isInCalendar) ? [] : [at];
  });
}

describe('dates in the product calendar, 2000–2100 (decision 099)', () => {
  it('the walk sees dates and date-times, bounded or dropped, inside wrappers and pipes', () => {
    const probe = z.object({
      a: z.iso.date().optional(),
      b: z.string().datetime({ offset: true }).nullable(),
      c: isoDateField.nullish(),
      d: z.string().datetime().nullable().transform(dropOutsideCalendar).optional(),
      e: z.string(),
    });
    expect(unboundedDates(probe, 'probe')).toEqual(['probe.a', 'probe.b']);
  });

  it('holds every date of every input schema', () => {
    const unbounded = inputSchemas.flatMap(([name, schema]) => unboundedDates(schema, name));
    expect(unbounded).toEqual([]);
  });

  it('refuses a date outside the calendar in Russian, and takes its first and last days', () => {
    expect(CALENDAR_YEARS).toEqual({ first: 2000, last: 2100 });
    for (const day of ['1999-12-31', '2101-01-01', '0001-01-01', '9999-12-31']) {
      const result = isoDateField.safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.dateOutOfCalendar);
    }
    // The pickers' first and last days (CALENDAR_DAYS) are days the API takes.
    for (const day of ['2000-01-01', '2100-12-31', CALENDAR_DAYS.first, CALENDAR_DAYS.last])
      expect(isoDateField.safeParse(day).success, day).toBe(true);
    const promo = contracts.PromoCodeInputSchema.safeParse({
      code: 'SPRING',
      discountPercent: 10,
      validFrom: '0001-01-01T00:00:00Z',
    });
    expect(promo.error?.issues[0]?.message).toBe(MESSAGES.dateOutOfCalendar);
    const period = contracts.AffiliateAnalyticsQuerySchema.safeParse({ to: '9999-12-31' });
    expect(period.error?.issues[0]?.message).toBe(MESSAGES.dateOutOfCalendar);
  });

  it('drops a touch moment from a device clock outside the calendar instead of refusing the order', () => {
    const parsed = contracts.AttributionSchema.parse({
      firstTouchAt: '1970-01-01T00:00:00Z',
      lastTouchAt: '2026-11-27T10:00:00+03:00',
    });
    expect(parsed).toMatchObject({ firstTouchAt: null, lastTouchAt: '2026-11-27T10:00:00+03:00' });
  });
});
