import { describe, expect, it } from 'vitest';
import { COUPON_ALPHABET, COUPON_LIMITS, normalizeCouponCode } from '@app/contracts';
import { randomCouponCode } from './coupons.service.ts';

describe('coupon codes (decision 069)', () => {
  it('the alphabet has no confusable characters (0/O, 1/I/L) and no lower case', () => {
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(COUPON_ALPHABET).not.toContain(confusable);
    expect(COUPON_ALPHABET).toBe(COUPON_ALPHABET.toUpperCase());
    expect(new Set(COUPON_ALPHABET).size).toBe(COUPON_ALPHABET.length);
  });

  it('draws 10 symbols of the alphabet, each equally likely, no repeats in 20 000 codes', () => {
    const codes = Array.from({ length: 20_000 }, () => randomCouponCode());
    const pattern = new RegExp(`^[${COUPON_ALPHABET}]{${COUPON_LIMITS.codeLength}}$`);
    const seen = new Map<string, number>();
    for (const code of codes) {
      if (!pattern.test(code)) expect(code).toMatch(pattern);
      for (const char of code) seen.set(char, (seen.get(char) ?? 0) + 1);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // 200 000 symbols over 31: about 6452 each (σ ≈ 79). A plain «byte % 31» would give 8 symbols about 7030.
    expect(seen.size).toBe(COUPON_ALPHABET.length);
    for (const count of seen.values()) expect(Math.abs(count - 200_000 / 31)).toBeLessThan(400);
  });

  it('reads a code case-insensitively with spaces around; anything else is not a coupon code', () => {
    expect(normalizeCouponCode(' abcdefghjk ')).toBe('ABCDEFGHJK');
    expect(normalizeCouponCode('AbCdEfGhJk')).toBe('ABCDEFGHJK');
    expect(normalizeCouponCode('ABCDEFGHJ')).toBeNull();
    expect(normalizeCouponCode('ABCDEFGHJKM')).toBeNull();
    expect(normalizeCouponCode('ABCDEFGHJ0')).toBeNull();
    expect(normalizeCouponCode('ABCDEFGHJ-')).toBeNull();
  });
});
