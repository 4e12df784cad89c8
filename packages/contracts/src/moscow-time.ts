// Moscow time, the one clock of the product: dates shown to people, business days, date filters and schedules.
// No Intl here: Moscow has kept UTC+3 all year since 2014, so calendar arithmetic uses the fixed offset.

/** The IANA zone, for Intl formatting and cron schedules. */
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** ISO date (YYYY-MM-DD) in Moscow for a moment. */
export function moscowDate(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every Moscow day from `from` to `to` (YYYY-MM-DD), both included; none when `to` is before `from`. Counted, not
 * compared as text: past year 9999 the next day is "+010000-01-01", which sorts before "9999-12-31", and a loop
 * `day <= to` never ended.
 */
export function moscowDays(from: string, to: string): string[] {
  const first = moscowDayStart(from).getTime();
  const count = Math.round((moscowDayStart(to).getTime() - first) / DAY_MS) + 1;
  return Array.from({ length: count > 0 ? count : 0 }, (_, index) =>
    moscowDate(new Date(first + index * DAY_MS)),
  );
}

/** The moment a Moscow day (YYYY-MM-DD) begins, `plusDays` days later: the bounds of a date filter. */
export function moscowDayStart(isoDate: string, plusDays = 0): Date {
  const date = new Date(`${isoDate}T00:00:00+03:00`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}
