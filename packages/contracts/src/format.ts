import { MOSCOW_TIME_ZONE } from './moscow-time.ts';

/**
 * The one place that formats money (RUB) and dates (ru-RU, Moscow time by default) for people: the web app, the
 * mails and notifications of the API and its PDF documents. Intl output differs between engines (U+202F vs
 * U+00A0 as the group separator), so it is normalised to U+00A0. No zod here (decision 013).
 */

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
 * `formatRub(1500)` → '1 500 ₽', `formatRub(1500.5)` → '1 500,50 ₽': whole rubles without kopecks, kopecks only
 * when the amount (rounded to kopecks) has them (decision 036). U+00A0 between groups and before the sign. One
 * formatter for the web, the mails and the PDFs. No Intl: the first Intl call of a page loads the ICU data
 * (≈ 200 ms of a throttled phone's main thread), and the order form shows prices on its first screen; the output
 * equals ru-RU's (tested), 4-digit amounts grouped too. A total of 0 is '0 ₽'; a price line uses formatPriceLine.
 */
export function formatRub(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const kopecks = Math.round(Math.abs(amount) * 100);
  const grouped = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const sign = amount < 0 && kopecks > 0 ? '-' : '';
  if (kopecks % 100 === 0) return `${sign}${grouped}${NBSP}₽`;
  return `${sign}${grouped},${String(kopecks % 100).padStart(2, '0')}${NBSP}₽`;
}

/** The word a price line shows instead of '0 ₽' (free delivery, a free option). */
export const FREE_PRICE = 'Бесплатно';

/**
 * A price line (delivery, an option, a document line): «Бесплатно» when it costs nothing, else formatRub. Totals
 * and sums paid stay formatRub ('0 ₽'): "Итого: Бесплатно" would read as a promise, not an amount (decision 036).
 */
export function formatPriceLine(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  return Math.round(Math.abs(amount) * 100) === 0 ? FREE_PRICE : formatRub(amount);
}

// Building an Intl formatter costs far more than using one: one per format and time zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key}|${timeZone}`;
  let made = formatters.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat('ru-RU', { ...options, timeZone });
    formatters.set(id, made);
  }
  return made;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * '05.03.2025' in the given time zone (Moscow by default). A calendar day (YYYY-MM-DD: a ready date, a holiday)
 * is already a day, not a moment: it is printed as it is, with no Intl.
 */
export function formatDate(value: DateInput, timeZone: string = MOSCOW_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const day = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (day && date.toISOString().startsWith(value as string)) return `${day[3]}.${day[2]}.${day[1]}`;
  return formatter('date', timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** '05.03.2025, 14:07' in the given time zone (Moscow by default). */
export function formatDateTime(value: DateInput, timeZone: string = MOSCOW_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  return normaliseSpaces(
    formatter('date-time', timeZone, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(date),
  );
}

/** '5 марта в 14:07' in Moscow time (a moment within days, in prose: "войти снова можно после …"). */
export function formatDayMonthTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter('day-month-time', MOSCOW_TIME_ZONE, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
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
