/**
 * The one place that formats dates (ru-RU, Moscow time by default) and money (RUB) for display.
 * Intl output differs between engines (U+202F vs U+00A0 as the group separator), so it is normalised.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
const NBSP = '\u00A0';
const NARROW_NBSP = /[\u202F\u2009]/g;

const rubFormatter = new Intl.NumberFormat('ru-RU', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function normaliseSpaces(value: string): string {
  return value.replace(NARROW_NBSP, NBSP);
}

/** `formatRub(1500.5)` → '1 500,50 ₽' (U+00A0 between groups and before the sign). */
export function formatRub(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  // Intl groups 4-digit numbers in ru-RU only from 10 000; amounts read better grouped consistently.
  const [integerPart = '0', fraction = '00'] = normaliseSpaces(rubFormatter.format(Math.abs(amount))).split(
    ',',
  );
  const digits = integerPart.replace(/\D/g, '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const sign = amount < 0 && Math.abs(amount) >= 0.005 ? '-' : '';
  return `${sign}${grouped},${fraction}${NBSP}₽`;
}

/** '05.03.2025' in the given time zone (Moscow by default). */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/** '05.03.2025, 14:07' in the given time zone (Moscow by default). */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  return normaliseSpaces(
    new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(date),
  );
}

/** Russian plural form: `pluralRu(2, ['день', 'дня', 'дней'])` → 'дня'. */
export function pluralRu(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  if (tens >= 11 && tens <= 14) return forms[2];
  if (units === 1) return forms[0];
  if (units >= 2 && units <= 4) return forms[1];
  return forms[2];
}

/** '1 рабочий день', '3 рабочих дня', '5 рабочих дней'. */
export function formatWorkingDays(count: number): string {
  return `${count} ${pluralRu(count, ['рабочий день', 'рабочих дня', 'рабочих дней'])}`;
}

/** 'пн, 24 ноября' style date for a YYYY-MM-DD day (no time zone shift: the day is already Moscow's). */
export function formatReadyDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat('ru-RU', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);
}
