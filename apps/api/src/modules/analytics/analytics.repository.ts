import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analyticsEvents, analyticsSessions, conversions, funnelStages } from '../../db/schema/index.ts';

/** The one writer of the analytics tables (decision 026); the stats module only reads them. */
export function createAnalyticsRepository() {
  return {
    /** A session seen again only moves its last-seen time. */
    async upsertSession(db: DbOrTx, values: typeof analyticsSessions.$inferInsert): Promise<void> {
      await db
        .insert(analyticsSessions)
        .values(values)
        .onConflictDoUpdate({ target: analyticsSessions.sessionId, set: { lastSeenAt: sql`now()` } });
    },
    async insertEvent(db: DbOrTx, values: typeof analyticsEvents.$inferInsert): Promise<void> {
      await db.insert(analyticsEvents).values(values);
    },
    async insertConversion(db: DbOrTx, values: typeof conversions.$inferInsert): Promise<void> {
      await db.insert(conversions).values(values);
    },
    async insertFunnelStage(db: DbOrTx, values: typeof funnelStages.$inferInsert): Promise<void> {
      await db.insert(funnelStages).values(values);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
