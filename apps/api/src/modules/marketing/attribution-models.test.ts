import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_MODELS } from '@app/contracts';
import { attributeShares, splitByShares, type ModelTouch } from './attribution-models.ts';

const HOUR = 3_600_000;
const ORDER_AT = Date.parse('2026-03-10T12:00:00Z');
/** A path: channels with the hours before the order each touch happened. */
const path = (...touches: Array<[string, number]>): ModelTouch[] =>
  touches.map(([channel, hoursBefore]) => ({ channel, at: ORDER_AT - hoursBefore * HOUR }));
const shares = (model: (typeof ATTRIBUTION_MODELS)[number], touches: ModelTouch[], halfLife = 168) =>
  attributeShares(model, touches, ORDER_AT, halfLife).map((share) => Math.round(share * 1e9) / 1e9);

const FOUR = path(['paid', 96], ['direct', 48], ['organic', 24], ['direct', 1]);

describe('attribution models on hand-made paths', () => {
  it('first touch: everything to the first', () => {
    expect(shares('first_touch', FOUR)).toEqual([1, 0, 0, 0]);
  });

  it('last touch: everything to the last, direct or not', () => {
    expect(shares('last_touch', FOUR)).toEqual([0, 0, 0, 1]);
  });

  it('last non-direct: the last touch that is not direct; all direct → the last', () => {
    expect(shares('last_non_direct', FOUR)).toEqual([0, 0, 1, 0]);
    expect(shares('last_non_direct', path(['direct', 5], ['direct', 2]))).toEqual([0, 1]);
    expect(shares('last_non_direct', path(['email', 5], ['direct', 2], ['direct', 1]))).toEqual([1, 0, 0]);
  });

  it('linear: equal shares', () => {
    expect(shares('linear', FOUR)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(shares('linear', path(['a', 3], ['b', 2], ['c', 1]))).toEqual(
      [1 / 3, 1 / 3, 1 / 3].map((v) => Math.round(v * 1e9) / 1e9),
    );
  });

  it('position-based: 40/20/40, one touch 100 %, two touches 50/50', () => {
    expect(shares('position_based', FOUR)).toEqual([0.4, 0.1, 0.1, 0.4]);
    expect(shares('position_based', path(['a', 3], ['b', 2], ['c', 1]))).toEqual([0.4, 0.2, 0.4]);
    expect(shares('position_based', path(['a', 3], ['b', 2]))).toEqual([0.5, 0.5]);
    expect(shares('position_based', path(['a', 3]))).toEqual([1]);
  });

  it('time decay: weight halves every half-life before the order', () => {
    // 0 h, 24 h and 48 h before the order with a 24-hour half-life: weights 1, 1/2, 1/4 → 4/7, 2/7, 1/7.
    const result = shares('time_decay', path(['a', 48], ['b', 24], ['c', 0]), 24);
    expect(result).toEqual([1 / 7, 2 / 7, 4 / 7].map((v) => Math.round(v * 1e9) / 1e9));
    // A longer half-life flattens the curve.
    const flat = shares('time_decay', path(['a', 48], ['b', 0]), 24 * 365);
    expect(flat[0]).toBeGreaterThan(0.49);
    expect(flat[0]).toBeLessThan(0.5);
  });

  it('every model gives shares that add up to 1 for any path length', () => {
    for (const model of ATTRIBUTION_MODELS) {
      for (let length = 1; length <= 7; length += 1) {
        const touches = path(
          ...Array.from({ length }, (_, i): [string, number] => [
            i % 2 ? 'direct' : 'paid',
            (length - i) * 7,
          ]),
        );
        const result = attributeShares(model, touches, ORDER_AT, 168);
        expect(result).toHaveLength(length);
        expect(result.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        expect(result.every((share) => share >= 0)).toBe(true);
      }
    }
  });
});

describe('largest-remainder split', () => {
  it('parts are whole and add up exactly', () => {
    expect(splitByShares(100, [1 / 3, 1 / 3, 1 / 3])).toEqual([34, 33, 33]);
    expect(splitByShares(1, [0.4, 0.1, 0.1, 0.4])).toEqual([1, 0, 0, 0]);
    expect(splitByShares(99_999, [0.4, 0.2, 0.4])).toEqual([40_000, 20_000, 39_999]);
    expect(splitByShares(0, [0.5, 0.5])).toEqual([0, 0]);
  });

  it('the remainder goes to the largest fractions, not simply the first part', () => {
    expect(splitByShares(10, [0.12, 0.44, 0.44])).toEqual([1, 5, 4]);
    expect(splitByShares(10, [0.44, 0.12, 0.44])).toEqual([5, 1, 4]);
  });

  it('a negative total (a loss-making margin) splits the same way, negated', () => {
    const parts = splitByShares(-100, [1 / 3, 1 / 3, 1 / 3]);
    expect(parts).toEqual([-34, -33, -33]);
  });

  it('random totals and shares always add up', () => {
    for (let i = 0; i < 500; i += 1) {
      const total = Math.floor(Math.random() * 2_000_000) - 500_000;
      const raw = Array.from({ length: 1 + Math.floor(Math.random() * 8) }, () => Math.random());
      const sum = raw.reduce((a, b) => a + b, 0);
      const parts = splitByShares(
        total,
        raw.map((value) => value / sum),
      );
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every(Number.isInteger)).toBe(true);
    }
  });
});
