import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { funnelDaySql, validFunnelDaySql } from './funnel.service.ts';
import { closeOpenDays } from './journey-days.ts';
import { rowsOf } from './journey-sql.ts';
import { createMarketingRepository, type MarketingRepository } from './marketing.repository.ts';

/**
 * The job's side of the funnel per closed day (decision 098): stores the days at least three days old whose stored
 * rows are missing or no longer valid, one day per REPEATABLE READ transaction — the day's version and its
 * sessions read in one snapshot.
 */
export function createFunnelDaysJob(deps: { db: Db; repo?: MarketingRepository }) {
  const { db } = deps;
  const repo = deps.repo ?? createMarketingRepository();

  async function openDays(): Promise<string[]> {
    const rows = await rowsOf<{ day: string }>(
      db,
      sql`select d::date::text as day
            from generate_series((select order_stats_day(min(first_at)) from funnel_sessions)::timestamp,
                                 (order_stats_day(now()) - 3)::timestamp, interval '1 day') d
           where not exists (select 1 from funnel_closed_days c where c.day = d::date and ${validFunnelDaySql})
           order by 1`,
    );
    return rows.map((row) => row.day);
  }

  async function closeDay(day: string): Promise<void> {
    await db.transaction(
      async (tx) => {
        const [state] = await rowsOf<{ version: number | string }>(
          tx,
          sql`select coalesce((select version from funnel_day_versions where day = ${day}::date), 0) as version`,
        );
        await repo.storeFunnelDay(tx, { day, version: Number(state?.version ?? 0) }, funnelDaySql(day));
      },
      { isolationLevel: 'repeatable read' },
    );
  }

  return {
    openDays,
    closeDay,
    /** Every open day, oldest first; answers how many were stored. */
    closeDays: async (): Promise<{ days: number }> => closeOpenDays(await openDays(), closeDay),
  };
}
export type FunnelDaysJob = ReturnType<typeof createFunnelDaysJob>;
