import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_MODELS, NO_DATA_LABEL, NO_TOUCH_CHANNEL } from '@app/contracts';
import { attributeShares, splitByShares } from './attribution-models.ts';
import { creditPaths, type PaidOrderPath } from './attribution.service.ts';
import type { Touches } from './journey-sql.ts';

type Options = Parameters<typeof creditPaths>[1];
const filters = (set: Partial<Options['filters']> = {}): Options['filters'] => ({
  channel: undefined,
  source: undefined,
  campaign: undefined,
  ...set,
});

/**
 * `creditPaths` as decision 068 states it, touch by touch and model by model (what it computed before decision
 * 085 gave one-touch orders a shortcut): the shortcut must give exactly this, Map order included.
 */
function reference(paths: readonly PaidOrderPath[], options: Options) {
  const rows = new Map<string, Record<string, { orders: number; revenue: number; margin: number }>>();
  for (const path of paths) {
    const touches: Touches = path.touches.length
      ? path.touches
      : [{ sessionId: '', channel: NO_TOUCH_CHANNEL, source: null, medium: null, campaign: null, at: '' }];
    const modelTouches = touches.map((touch) => ({
      channel: touch.channel,
      at: touch.at ? Date.parse(touch.at) : path.createdAt.getTime(),
    }));
    for (const model of ATTRIBUTION_MODELS) {
      const shares = attributeShares(model, modelTouches, path.createdAt.getTime(), options.halfLifeHours);
      const orders = splitByShares(100, shares);
      const revenue = splitByShares(path.revenueKopecks, shares);
      const margin = splitByShares(path.marginKopecks, shares);
      touches.forEach((touch, index) => {
        if (orders[index] === 0 && revenue[index] === 0 && margin[index] === 0) return;
        const same = (a: string | null, b: string | undefined) =>
          !b || (a ?? '').toLowerCase() === b.toLowerCase();
        const { channel, source, campaign } = options.filters;
        if (!same(touch.channel, channel) || !same(touch.source, source) || !same(touch.campaign, campaign))
          return;
        const key = options.groupBy === 'channel' ? touch.channel : (touch.campaign ?? NO_DATA_LABEL);
        const row =
          rows.get(key) ??
          Object.fromEntries(ATTRIBUTION_MODELS.map((name) => [name, { orders: 0, revenue: 0, margin: 0 }]));
        row[model]!.orders += orders[index]!;
        row[model]!.revenue += revenue[index]!;
        row[model]!.margin += margin[index]!;
        rows.set(key, row);
      });
    }
  }
  return rows;
}

/** A small deterministic generator (mulberry32): the same paths on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('creditPaths', () => {
  it('credits one-touch, no-touch and longer paths exactly as touch-by-touch crediting does', () => {
    const next = random(85);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const orderAt = Date.parse('2026-03-10T12:00:00Z');
    const paths: PaidOrderPath[] = Array.from({ length: 400 }, (_, index) => {
      const count = pick([0, 1, 1, 1, 2, 3, 5]);
      const touches: Touches = Array.from({ length: count }, (_, touch) => ({
        sessionId: `s-${index}-${touch}`,
        channel: pick(['direct', 'paid', 'email', 'Social']),
        source: pick([null, 'yandex', 'Mail']),
        medium: null,
        campaign: pick([null, 'spring', 'SPRING', 'brand']),
        at: new Date(orderAt - (count - touch) * pick([1, 30, 400]) * 3_600_000).toISOString(),
      }));
      return {
        orderId: `o-${index}`,
        createdAt: new Date(orderAt),
        revenueKopecks: Math.floor(next() * 1_000_000),
        // Loss-making orders too: a negative margin is split as its absolute value.
        marginKopecks: Math.floor(next() * 600_000) - 200_000,
        touches,
      };
    });
    for (const options of [
      { groupBy: 'channel', halfLifeHours: 168, filters: filters() },
      { groupBy: 'campaign', halfLifeHours: 24, filters: filters() },
      { groupBy: 'channel', halfLifeHours: 168, filters: filters({ channel: 'PAID' }) },
      { groupBy: 'campaign', halfLifeHours: 168, filters: filters({ source: 'mail', campaign: 'spring' }) },
      { groupBy: 'channel', halfLifeHours: 168, filters: filters({ channel: 'direct' }) },
    ] satisfies Options[]) {
      const { rows, totals } = creditPaths(paths, options);
      const expected = reference(paths, options);
      expect([...rows.keys()]).toEqual([...expected.keys()]);
      expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
      expect(totals.orders).toBe(paths.length * 100);
    }
  });
});
