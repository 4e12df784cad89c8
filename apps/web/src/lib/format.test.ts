import { describe, expect, it } from 'vitest';
import { describeCourierAddress, formatFileSize, formatWorkingDays } from './format';

// formatRub, formatDate, formatDateTime and formatReadyDate live in @app/contracts (src/format.test.ts).

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
