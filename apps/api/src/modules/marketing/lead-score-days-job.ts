import { sql } from 'drizzle-orm';
import { moscowDate, moscowDayStart } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { closeOpenDays } from './journey-days.ts';
import { readJourneyConfig, rowsOf } from './journey-sql.ts';
import { openLeadScoreDays, scoreLeadDay, validRules } from './lead-scoring.service.ts';
import { createMarketingRepository, type MarketingRepository } from './marketing.repository.ts';

/**
 * The job's side of lead scoring per closed day (decision 097): stores the days at least three days old whose
 * stored scores are missing or no longer hold for today (a change to their sessions or events, other rules or
 * threshold, or an event crossing a half-life), one day per REPEATABLE READ transaction — the day's version,
 * configuration, sessions and events read in one snapshot.
 */
export function createLeadScoreDaysJob(deps: { db: Db; clock: Clock; repo?: MarketingRepository }) {
  const { db, clock } = deps;
  const repo = deps.repo ?? createMarketingRepository();

  async function closeDay(day: string, today: string): Promise<void> {
    await db.transaction(
      async (tx) => {
        const config = await readJourneyConfig(tx);
        const [state] = await rowsOf<{ version: number | string; rules_key: string }>(
          tx,
          sql`select coalesce((select version from lead_score_day_versions where day = ${day}::date), 0) as version,
                     (select lead_score_rules::text || '|' || hot_lead_threshold::text
                        from analytics_config where id = 1) as rules_key`,
        );
        const scored = await scoreLeadDay(tx, day, validRules(config.rules), config.threshold, today);
        await repo.storeLeadScoreDay(
          tx,
          {
            day,
            version: Number(state?.version ?? 0),
            rulesKey: state?.rules_key ?? '',
            asOf: today,
            validUntil: scored.validUntil,
            scoredSessions: scored.scoredSessions,
          },
          scored.sessions,
          scored.groups,
        );
      },
      { isolationLevel: 'repeatable read' },
    );
  }

  return {
    closeDay,
    /** Every open day, oldest first, as of `today` (the clock's Moscow day); answers how many were stored. */
    async closeDays(today = moscowDate(clock.now())): Promise<{ days: number }> {
      const days = await openLeadScoreDays(db, moscowDate(moscowDayStart(today, -3)), today);
      return closeOpenDays(days, (day) => closeDay(day, today));
    },
  };
}
export type LeadScoreDaysJob = ReturnType<typeof createLeadScoreDaysJob>;
