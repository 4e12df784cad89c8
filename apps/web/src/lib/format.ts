/**
 * The one place that formats dates (ru-RU, Moscow time by default) and money (RUB) for display.
 * Intl output differs between engines (U+202F vs U+00A0 as the group separator), so it is normalised.
 */
import type { OrderDetail } from '@app/contracts';

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
const NBSP = '\u00A0';
const NARROW_NBSP = /[\u202F\u2009]/g;

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function normaliseSpaces(value: string): string {
  return value.replace(NARROW_NBSP, NBSP);
}

/**
 * `formatRub(1500.5)` → '1 500,50 ₽' (U+00A0 between groups and before the sign). No Intl: the first Intl call
 * of a page loads the ICU data (≈ 200 ms of a throttled phone's main thread), and the order form shows prices
 * on its first screen; the output equals ru-RU's (tested), except that 4-digit amounts are grouped too.
 */
export function formatRub(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const kopecks = Math.round(Math.abs(amount) * 100);
  const grouped = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const fraction = String(kopecks % 100).padStart(2, '0');
  const sign = amount < 0 && kopecks > 0 ? '-' : '';
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

/** '512 Б', '350 КБ', '1,2 МБ', '2 МБ' (no Intl, see formatRub). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  const megabytes = (Math.round((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
  return `${megabytes.replace(/\.0$/, '').replace('.', ',')} МБ`;
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

const WEEKDAYS_SHORT = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'] as const;
const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/**
 * 'пн, 24 ноября' for a YYYY-MM-DD day (no time zone shift: the day is already Moscow's). Spelled out rather
 * than Intl for the same reason as formatRub: the order form shows it on its first screen (equal to ru-RU's
 * `{ weekday: 'short', day: 'numeric', month: 'long' }`, tested).
 */
export function formatReadyDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return `${WEEKDAYS_SHORT[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS_GENITIVE[date.getUTCMonth()]}`;
}

/** Courier address with the optional parts that are filled in. */
export function describeCourierAddress(delivery: OrderDetail['delivery']): string {
  const parts = [
    delivery.address,
    delivery.apartment ? `кв./офис ${delivery.apartment}` : null,
    delivery.entrance ? `подъезд ${delivery.entrance}` : null,
    delivery.floor ? `этаж ${delivery.floor}` : null,
    delivery.intercom ? `домофон ${delivery.intercom}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}
