import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRub, formatWorkingDays } from './format';

const NBSP = '\u00A0';

describe('formatRub', () => {
  it('formats rubles with kopecks, non-breaking group separator and sign', () => {
    expect(formatRub(1500.5)).toBe(`1${NBSP}500,50${NBSP}₽`);
  });

  it('never uses a narrow no-break space', () => {
    expect(formatRub(1234567.891)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
    expect(formatRub(1234567.891)).not.toMatch(/\u202F/);
  });

  it('formats small, zero and negative amounts', () => {
    expect(formatRub(0)).toBe(`0,00${NBSP}₽`);
    expect(formatRub(99.9)).toBe(`99,90${NBSP}₽`);
    expect(formatRub(-2500)).toBe(`-2${NBSP}500,00${NBSP}₽`);
  });

  it('returns an empty string for non-finite numbers', () => {
    expect(formatRub(Number.NaN)).toBe('');
  });
});

describe('formatDate / formatDateTime', () => {
  it('uses Moscow time by default', () => {
    // 21:30 UTC is 00:30 the next day in Moscow (UTC+3).
    expect(formatDate('2025-03-04T21:30:00Z')).toBe('05.03.2025');
    expect(formatDateTime('2025-03-04T21:30:00Z')).toBe('05.03.2025, 00:30');
  });

  it('accepts another time zone', () => {
    expect(formatDate('2025-03-04T21:30:00Z', 'UTC')).toBe('04.03.2025');
    expect(formatDateTime(new Date('2025-03-04T21:30:00Z'), 'UTC')).toBe('04.03.2025, 21:30');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('formatWorkingDays', () => {
  it('agrees the noun with the number', () => {
    expect([0, 1, 2, 5, 11, 12, 21, 22, 25, 101].map(formatWorkingDays)).toEqual([
      '0 рабочих дней',
      '1 рабочий день',
      '2 рабочих дня',
      '5 рабочих дней',
      '11 рабочих дней',
      '12 рабочих дней',
      '21 рабочий день',
      '22 рабочих дня',
      '25 рабочих дней',
      '101 рабочий день',
    ]);
  });
});
