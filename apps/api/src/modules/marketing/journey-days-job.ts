import { sql } from 'drizzle-orm';
import { ATTRIBUTION_MODELS, moscowDayStart } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { creditTouches, readPaidOrderPaths } from './attribution.service.ts';
import { closeOpenDays, validDaySql } from './journey-days.ts';
import { createMarketingRepository, type MarketingRepository } from './marketing.repository.ts';
import { readJourneyConfig, rowsOf } from './journey-sql.ts';
import { countTouchedOrders, touchFiltersOfDaySql } from './touchpoints.service.ts';

/**
 * The job's side (decision 096): stores the days at least three days old whose stored figures are missing or no
 * longer valid, one day per REPEATABLE READ transaction — the day's version, configuration, orders and touches
 * read in one snapshot.
 */
export function createJourneyDaysJob(deps: { db: Db; repo?: MarketingRepository }) {
  const { db } = deps;
  const repo = deps.repo ?? createMarketingRepository();

  async function openDays(): Promise<string[]> {
    const rows = await rowsOf<{ day: string }>(
      db,
      sql`select d::date::text as day
            from generate_series((select min(day) from marketing_order_facts)::timestamp,
                                 (order_stats_day(now()) - 3)::timestamp, interval '1 day') d
           where not exists (select 1 from journey_closed_days c where c.day = d::date and ${validDaySql})
           order by 1`,
    );
    return rows.map((row) => row.day);
  }

  async function closeDay(day: string): Promise<void> {
    await db.transaction(
      async (tx) => {
        const config = await readJourneyConfig(tx);
        const [state] = await rowsOf<{ version: number | string }>(
          tx,
          sql`select coalesce((select version from journey_day_versions where day = ${day}::date), 0) as version`,
        );
        const range = [
          { start: moscowDayStart(day).toISOString(), end: moscowDayStart(day, 1).toISOString() },
        ];
        const paths = await readPaidOrderPaths(tx, range, config.windowHours);
        const { touches, totals } = creditTouches(paths, config.halfLifeHours);
        const counted = await countTouchedOrders(tx, range, config.windowHours);
        const touchFilters = await rowsOf<{
          mask: number;
          channel: string;
          utm_source: string;
          utm_campaign: string;
          orders: number;
          touches: number;
        }>(tx, touchFiltersOfDaySql(range[0]!, config.windowHours));
        await repo.storeJourneyDay(
          tx,
          {
            day,
            version: Number(state?.version ?? 0),
            windowHours: config.windowHours,
            halfLifeHours: config.halfLifeHours,
            testEmails: config.testEmails,
            paidOrders: totals.orders / 100,
            revenueKopecks: totals.revenue,
            marginKopecks: totals.margin,
            liveOrders: counted.orders,
            touches: counted.touches,
          },
          [...touches].flatMap(([key, credit]) =>
            ATTRIBUTION_MODELS.filter((model) => {
              const cents = credit.models[model];
              return cents.orders !== 0 || cents.revenue !== 0 || cents.margin !== 0;
            }).map((model) => ({
              day,
              model,
              key,
              channel: credit.channel,
              utmSource: credit.source,
              utmCampaign: credit.campaign,
              orders: credit.models[model].orders,
              revenueKopecks: credit.models[model].revenue,
              marginKopecks: credit.models[model].margin,
            })),
          ),
          touchFilters.map((row) => ({
            mask: Number(row.mask),
            channel: row.channel,
            utmSource: row.utm_source,
            utmCampaign: row.utm_campaign,
            orders: Number(row.orders),
            touches: Number(row.touches),
          })),
        );
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
export type JourneyDaysJob = ReturnType<typeof createJourneyDaysJob>;
