import { describe, expect, it } from 'vitest';
import {
  describeCourierAddress,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatReadyDate,
  formatRub,
  formatWorkingDays,
} from './format';

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

  it('equals ru-RU number formatting (grouped from 1 000) for amounts in kopecks', () => {
    const intl = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const reference = (amount: number) => {
      const [integer = '', fraction = ''] = intl.format(Math.abs(amount)).replace(/\s/g, '').split(',');
      const sign = amount < 0 && Math.round(Math.abs(amount) * 100) > 0 ? '-' : '';
      return `${sign}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)},${fraction}${NBSP}₽`;
    };
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const amounts = [0.01, 0.1, 0.99, 1, 9.99, 999.99, 1000, 9999.99, 10_000, 123_456.78, 9_999_999.99];
    for (let i = 0; i < 2000; i += 1) amounts.push(Math.round(random() * 10 ** (1 + (i % 9))) / 100);
    for (const amount of [...amounts, ...amounts.map((value) => -value), 0.1 + 0.2, 1499.999]) {
      expect(formatRub(amount), String(amount)).toBe(reference(amount));
    }
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
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
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

describe('formatFileSize', () => {
  it('uses bytes, kilobytes and megabytes with a decimal comma, no trailing zero', () => {
    expect(formatFileSize(512)).toBe('512 Б');
    expect(formatFileSize(350 * 1024)).toBe('350 КБ');
    expect(formatFileSize(1.24 * 1024 * 1024)).toBe('1,2 МБ');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 МБ');
    expect(formatFileSize(20 * 1024 * 1024 - 1)).toBe('20 МБ');
  });
});

describe('describeCourierAddress', () => {
  it('joins the parts that are filled in', () => {
    const delivery = {
      address: 'Москва, ул. Тверская, д. 1',
      apartment: '12',
      entrance: null,
      floor: '3',
      intercom: null,
    } as unknown as Parameters<typeof describeCourierAddress>[0];
    expect(describeCourierAddress(delivery)).toBe('Москва, ул. Тверская, д. 1, кв./офис 12, этаж 3');
  });
});
