import { describe, expect, it } from 'vitest';
import { commissionKopecks, effectiveCommissionPercent } from './partner-commission.ts';

const defaults = {
  commissionAffiliatePercent: 10,
  commissionCorporatePercent: 7.5,
  commissionIntegratorPercent: 12,
};

describe('partner commission', () => {
  it('takes the partner’s own rate before the type’s default', () => {
    expect(effectiveCommissionPercent({ type: 'AFFILIATE', commissionPercent: 15 }, defaults)).toBe(15);
    expect(effectiveCommissionPercent({ type: 'AFFILIATE', commissionPercent: 0 }, defaults)).toBe(0);
    expect(effectiveCommissionPercent({ type: 'AFFILIATE', commissionPercent: null }, defaults)).toBe(10);
    expect(
      effectiveCommissionPercent({ type: 'CORPORATE_REFERRAL', commissionPercent: null }, defaults),
    ).toBe(7.5);
    expect(effectiveCommissionPercent({ type: 'INTEGRATOR', commissionPercent: null }, defaults)).toBe(12);
  });

  it('counts whole kopecks, half up, exactly for large amounts', () => {
    expect(commissionKopecks(150_000, 10)).toBe(15_000);
    expect(commissionKopecks(99_999, 12.5)).toBe(12_500); // 12 499.875
    expect(commissionKopecks(1, 10)).toBe(0); // 0.1 kopeck
    expect(commissionKopecks(5, 10)).toBe(1); // 0.5 → 1
    expect(commissionKopecks(123_456_789_00, 7.35)).toBe(907_407_399); // 9 074 073.99 ₽
    expect(commissionKopecks(0, 50)).toBe(0);
  });
});
