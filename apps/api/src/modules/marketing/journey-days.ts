import { sql } from 'drizzle-orm';
import { moscowDayStart, moscowDays } from '@app/contracts';
import type { ReportDb } from './report-db.ts';
import { rowsOf } from './journey-sql.ts';

/**
 * Attribution and touchpoints per closed Moscow day (decision 096): what the job stores, which stored days a
 * report may use, and the raw-row ranges of the others.
 */

/** A `[start, end)` range of order creation times, ISO. */
export type TimeRange = { start: string; end: string };

export type StoredDay = {
  day: string;
  paidOrders: number;
  revenueKopecks: number;
  marginKopecks: number;
  liveOrders: number;
  touches: number;
};

/**
 * The condition on a stored day `c` of still being valid: computed at the day's current version (no change to its
 * orders or their touches since) and with the current window, half-life and test e-mails.
 */
export const validDaySql = sql`c.version = coalesce((select v.version from journey_day_versions v where v.day = c.day), 0)
  and exists (select 1 from analytics_config cfg where cfg.id = 1
                and cfg.attribution_window_hours = c.window_hours
                and cfg.time_decay_half_life_hours = c.half_life_hours
                and cfg.test_emails::text = c.test_emails)`;

/** Runs `read` in one snapshot where the database offers one (the reports' wrapper on PostgreSQL, decision 087). */
export function inSnapshot<T>(db: ReportDb, read: (tx: ReportDb) => Promise<T>): Promise<T> {
  return db.snapshot ? db.snapshot(read) : read(db);
}

/**
 * The period's valid stored days and the ranges of the others (read from the raw rows), in the caller's snapshot.
 * Days run from `from` to `to` inclusive (Moscow).
 */
export async function journeyDays(
  db: ReportDb,
  period: { from: string; to: string },
): Promise<{ stored: StoredDay[]; live: TimeRange[] }> {
  const rows = await rowsOf<{
    day: string;
    paid_orders: number | string;
    revenue_kopecks: number | string;
    margin_kopecks: number | string;
    live_orders: number | string;
    touches: number | string;
  }>(
    db,
    sql`select c.day::text as day, c.paid_orders, c.revenue_kopecks, c.margin_kopecks, c.live_orders, c.touches
          from journey_closed_days c
         where c.day >= ${period.from}::date and c.day <= ${period.to}::date and ${validDaySql}
         order by c.day`,
  );
  const stored = rows.map((row): StoredDay => ({
    day: row.day,
    paidOrders: Number(row.paid_orders),
    revenueKopecks: Number(row.revenue_kopecks),
    marginKopecks: Number(row.margin_kopecks),
    liveOrders: Number(row.live_orders),
    touches: Number(row.touches),
  }));
  return { stored, live: liveRanges(period, new Set(stored.map((day) => day.day))) };
}

/** The runs of the period's days not in `stored`, as creation-time ranges (Moscow midnight to midnight). */
export function liveRanges(period: { from: string; to: string }, stored: ReadonlySet<string>): TimeRange[] {
  const ranges: TimeRange[] = [];
  let open: string | null = null;
  for (const day of moscowDays(period.from, period.to)) {
    if (stored.has(day)) {
      if (open)
        ranges.push({ start: moscowDayStart(open).toISOString(), end: moscowDayStart(day).toISOString() });
      open = null;
    } else open ??= day;
  }
  if (open)
    ranges.push({
      start: moscowDayStart(open).toISOString(),
      end: moscowDayStart(period.to, 1).toISOString(),
    });
  return ranges;
}

/** A stored-days job's run: the open days, oldest first, one at a time; answers how many were stored. */
export async function closeOpenDays(
  days: readonly string[],
  closeDay: (day: string) => Promise<void>,
): Promise<{ days: number }> {
  for (const day of days) await closeDay(day);
  return { days: days.length };
}
