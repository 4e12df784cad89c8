import type { Touch } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { describePath } from './touchpoints-page';

const touch: Touch = {
  sessionId: 's-1',
  channel: 'paid',
  source: 'yandex',
  medium: 'cpc',
  campaign: null,
  at: '2026-11-27T08:00:00Z',
};
const touches = (count: number) => Array.from({ length: count }, () => touch);

describe('describePath', () => {
  it('counts the touches and the days from the first one to the order, in Russian plurals', () => {
    expect(describePath({ touches: touches(3), days: 5 })).toBe('3 касания за 5 дней');
    expect(describePath({ touches: touches(1), days: 1 })).toBe('1 касание за 1 день');
    expect(describePath({ touches: touches(5), days: 22 })).toBe('5 касаний за 22 дня');
  });

  it('says «в день заказа» when the first touch was on the order’s day, and when there were none', () => {
    expect(describePath({ touches: touches(1), days: 0 })).toBe('1 касание в день заказа');
    expect(describePath({ touches: touches(2), days: 0 })).toBe('2 касания в день заказа');
    expect(describePath({ touches: [], days: 0 })).toBe('Нет касаний');
  });
});
