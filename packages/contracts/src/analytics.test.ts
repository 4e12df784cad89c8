import { describe, expect, it } from 'vitest';
import { AnalyticsSessionIdSchema } from './analytics.ts';
import { MARKETING_MESSAGES } from './messages-marketing.ts';

describe('analytics ids', () => {
  it.each([
    ['too short', 'abc1234'],
    ['too long', 'a'.repeat(101)],
    ['other characters', 'bad session id!'],
  ])('%s: refused with the written Russian message, not a stock text', (_case, id) => {
    const result = AnalyticsSessionIdSchema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      MARKETING_MESSAGES.analyticsIdInvalid,
    ]);
  });

  it('8 to 100 letters, digits, hyphens or underscores are an id', () => {
    expect(AnalyticsSessionIdSchema.parse('abc-123_')).toBe('abc-123_');
    expect(AnalyticsSessionIdSchema.parse('a'.repeat(100))).toHaveLength(100);
  });
});
