import { describe, expect, it } from 'vitest';
import { MARKETING_EXACT_VISITORS_MAX_DAYS, visitorsSummedByDay } from './marketing.ts';

describe('how a period’s visitors are counted (decision 088)', () => {
  it('exactly up to a calendar month, summed by day over a longer period', () => {
    expect(MARKETING_EXACT_VISITORS_MAX_DAYS).toBe(31);
    expect(visitorsSummedByDay({ from: '2031-05-01', to: '2031-05-01' })).toBe(false);
    expect(visitorsSummedByDay({ from: '2031-05-01', to: '2031-05-31' })).toBe(false);
    expect(visitorsSummedByDay({ from: '2031-05-01', to: '2031-06-01' })).toBe(true);
    // Across the change to summer time elsewhere: whole days, not hours.
    expect(visitorsSummedByDay({ from: '2031-03-01', to: '2031-03-31' })).toBe(false);
    expect(visitorsSummedByDay({ from: '2030-11-26', to: '2031-11-25' })).toBe(true);
  });
});
