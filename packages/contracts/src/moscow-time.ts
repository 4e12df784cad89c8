// Moscow time, the one clock of the product: dates shown to people, business days, date filters and schedules.
// No Intl here: Moscow has kept UTC+3 all year since 2014, so calendar arithmetic uses the fixed offset.

/** The IANA zone, for Intl formatting and cron schedules. */
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** ISO date (YYYY-MM-DD) in Moscow for a moment. */
export function moscowDate(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The moment a Moscow day (YYYY-MM-DD) begins, `plusDays` days later: the bounds of a date filter. */
export function moscowDayStart(isoDate: string, plusDays = 0): Date {
  const date = new Date(`${isoDate}T00:00:00+03:00`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}
