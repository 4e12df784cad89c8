import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonthTime,
  formatPriceLine,
  formatReadyDate,
  formatRub,
} from './format.ts';
import { moscowDate, moscowDayStart, moscowDays } from './moscow-time.ts';

const NBSP = '\u00A0';

/** Every day (YYYY-MM-DD) from 1 January of `fromYear` up to, not including, 1 January of `toYear`. */
function everyDay(fromYear: number, toYear: number): string[] {
  const days: string[] = [];
  for (let day = Date.UTC(fromYear, 0, 1); day < Date.UTC(toYear, 0, 1); day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

describe('formatRub', () => {
  it('prints whole rubles without kopecks and kopecks only where they are not zero', () => {
    expect(formatRub(1500)).toBe(`1${NBSP}500${NBSP}₽`);
    expect(formatRub(1500.5)).toBe(`1${NBSP}500,50${NBSP}₽`);
    expect(formatRub(1500.05)).toBe(`1${NBSP}500,05${NBSP}₽`);
    // Rounded to kopecks first: a float that is a whole ruble after rounding prints no kopecks.
    expect(formatRub(1499.999)).toBe(`1${NBSP}500${NBSP}₽`);
    expect(formatRub(0.1 + 0.2)).toBe(`0,30${NBSP}₽`);
  });

  it('never uses a narrow no-break space', () => {
    expect(formatRub(1234567.891)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
    expect(formatRub(1234567.891)).not.toMatch(/\u202F/);
  });

  it('formats small, zero and negative amounts (a total of 0 is "0 ₽")', () => {
    expect(formatRub(0)).toBe(`0${NBSP}₽`);
    expect(formatRub(99.9)).toBe(`99,90${NBSP}₽`);
    expect(formatRub(-2500)).toBe(`-2${NBSP}500${NBSP}₽`);
    expect(formatRub(-0.001)).toBe(`0${NBSP}₽`);
  });

  it('returns an empty string for non-finite numbers', () => {
    expect(formatRub(Number.NaN)).toBe('');
  });

  it('equals ru-RU number formatting (grouped from 1 000, fraction only when not zero) for amounts in kopecks', () => {
    const intl = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const reference = (amount: number) => {
      const [integer = '', fraction = ''] = intl.format(Math.abs(amount)).replace(/\s/g, '').split(',');
      const sign = amount < 0 && Math.round(Math.abs(amount) * 100) > 0 ? '-' : '';
      const kopecks = fraction === '00' ? '' : `,${fraction}`;
      return `${sign}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)}${kopecks}${NBSP}₽`;
    };
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const amounts = [0.01, 0.1, 0.99, 1, 9.99, 999.99, 1000, 9999.99, 10_000, 123_456.78, 9_999_999.99];
    for (let i = 0; i < 2000; i += 1) amounts.push(Math.round(random() * 10 ** (1 + (i % 9))) / 100);
    for (let i = 0; i < 500; i += 1) amounts.push(i * 137);
    for (const amount of [...amounts, ...amounts.map((value) => -value), 0.1 + 0.2, 1499.999]) {
      expect(formatRub(amount), String(amount)).toBe(reference(amount));
    }
  });
});

describe('formatPriceLine', () => {
  it('shows «Бесплатно» for a line that costs nothing and the amount otherwise', () => {
    expect(formatPriceLine(0)).toBe('Бесплатно');
    expect(formatPriceLine(0.004)).toBe('Бесплатно');
    expect(formatPriceLine(350)).toBe(`350${NBSP}₽`);
    expect(formatPriceLine(350.5)).toBe(`350,50${NBSP}₽`);
    expect(formatPriceLine(-500)).toBe(`-500${NBSP}₽`);
  });
});

describe('formatReadyDate', () => {
  it('spells the day as ru-RU does (weekday short, day, month long) for every day of two years', () => {
    const intl = new Intl.DateTimeFormat('ru-RU', {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    for (const iso of everyDay(2026, 2028)) {
      expect(formatReadyDate(iso), iso).toBe(intl.format(new Date(`${iso}T12:00:00Z`)));
    }
    expect(formatReadyDate('2026-11-23')).toBe('пн, 23 ноября');
    expect(formatReadyDate('not a date')).toBe('');
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

describe('Moscow days and moments', () => {
  it('prints a calendar day as it is, as Moscow formatting of its start would', () => {
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    const intl = new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    });
    for (const iso of everyDay(2026, 2027)) expect(formatDate(iso), iso).toBe(intl.format(new Date(iso)));
    expect(formatDate('2026-02-30')).toBe(intl.format(new Date('2026-02-30')));
  });

  it('formatDayMonthTime: day, month and time in Moscow, as the sign-in lock mail printed it', () => {
    const moment = new Date('2026-03-05T21:07:00Z');
    expect(formatDayMonthTime(moment)).toBe(
      moment.toLocaleString('ru-RU', {
        timeZone: 'Europe/Moscow',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }),
    );
    expect(formatDayMonthTime(moment)).toMatch(/^6 марта.*00:07$/);
  });

  it('moscowDate and moscowDayStart: the Moscow calendar day of a moment, and the moment a day begins', () => {
    expect(moscowDate(new Date('2026-03-04T20:59:59Z'))).toBe('2026-03-04');
    expect(moscowDate(new Date('2026-03-04T21:00:00Z'))).toBe('2026-03-05');
    expect(moscowDayStart('2026-03-05').toISOString()).toBe('2026-03-04T21:00:00.000Z');
    expect(moscowDayStart('2026-03-05', 1).toISOString()).toBe('2026-03-05T21:00:00.000Z');
    expect(moscowDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('moscowDays: the days of a period, counted — it ends at year 9999 too (a text compare did not)', () => {
    expect(moscowDays('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(moscowDays('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(moscowDays('2026-05-02', '2026-05-01')).toEqual([]);
    expect(moscowDays('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
  });
});
