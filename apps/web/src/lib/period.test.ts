import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, moscowToday, presetPeriod, readPeriod } from './period';

describe('statistics periods', () => {
  it('takes today in Moscow, not in the browser time zone', () => {
    // 21:30 UTC on 31 March is already 1 April in Moscow.
    expect(moscowToday(new Date('2026-03-31T21:30:00Z'))).toBe('2026-04-01');
    expect(moscowToday(new Date('2026-03-31T20:59:00Z'))).toBe('2026-03-31');
  });

  it('builds the presets up to today', () => {
    expect(presetPeriod('month', '2026-03-15')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(presetPeriod('year', '2026-03-15')).toEqual({ startDate: '2026-01-01', endDate: '2026-03-15' });
    // 30 days including today, across a month end.
    expect(presetPeriod('last30', '2026-03-15')).toEqual({ startDate: '2026-02-14', endDate: '2026-03-15' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('reads the period from the URL and falls back to this month when it is broken', () => {
    const read = (query: string) => readPeriod(new URLSearchParams(query), '2026-03-15');
    expect(read('from=2026-01-10&to=2026-02-20')).toEqual({ startDate: '2026-01-10', endDate: '2026-02-20' });
    expect(read('from=2026-02-20&to=2026-01-10')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(read('from=2026-02-30&to=2026-03-01')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(read('')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(isIsoDate('2026-13-01')).toBe(false);
  });
});
