import { eq, sql } from 'drizzle-orm';
import { preparedOnce, type DbOrTx } from '../../db/client.ts';
import {
  analyticsConfig,
  analyticsEvents,
  analyticsSessions,
  conversions,
  funnelStages,
} from '../../db/schema/index.ts';

export type AnalyticsConfigRow = typeof analyticsConfig.$inferSelect;

/** The tables the retention job empties, with the column that dates a row. */
const RETENTION_TABLES = {
  analytics_events: 'created_at',
  conversions: 'created_at',
  funnel_stages: 'created_at',
  analytics_sessions: 'last_seen_at',
} as const;
export type RetentionTable = keyof typeof RETENTION_TABLES;
export const RETENTION_TABLE_NAMES = Object.keys(RETENTION_TABLES) as RetentionTable[];

/**
 * The one writer of the analytics tables and the analytics configuration (decision 026); the marketing reports
 * only read them. Every insert of what a browser sends is `ON CONFLICT DO NOTHING` on the (session, client event
 * id) keys, so a retried beacon is stored once (decision 066).
 */
export function createAnalyticsRepository() {
  /** The server's funnel stages of an order (order_created, paid): once per order and stage (unique index). */
  const orderStageStatement = preparedOnce((db) =>
    db
      .insert(funnelStages)
      .values({
        sessionId: sql.placeholder('sessionId'),
        stage: sql.placeholder('stage'),
        source: 'server',
        value: sql.placeholder('value'),
        userId: sql.placeholder('userId'),
        orderId: sql.placeholder('orderId'),
        createdAt: sql.placeholder('createdAt'),
      })
      .onConflictDoNothing()
      .prepare('analytics_order_stage'),
  );

  return {
    /**
     * A session seen again keeps what it first told (landing page, UTM, channel) and moves its last-seen time;
     * a visitor id or user learnt later fills an empty one.
     */
    async upsertSession(db: DbOrTx, values: typeof analyticsSessions.$inferInsert): Promise<void> {
      await db
        .insert(analyticsSessions)
        .values(values)
        .onConflictDoUpdate({
          target: analyticsSessions.sessionId,
          set: {
            lastSeenAt: sql`excluded.last_seen_at`,
            visitorId: sql`coalesce(${analyticsSessions.visitorId}, excluded.visitor_id)`,
            userId: sql`coalesce(${analyticsSessions.userId}, excluded.user_id)`,
          },
        });
    },
    async insertEvents(db: DbOrTx, rows: Array<typeof analyticsEvents.$inferInsert>): Promise<void> {
      if (rows.length > 0) await db.insert(analyticsEvents).values(rows).onConflictDoNothing();
    },
    async insertConversions(db: DbOrTx, rows: Array<typeof conversions.$inferInsert>): Promise<void> {
      if (rows.length > 0) await db.insert(conversions).values(rows).onConflictDoNothing();
    },
    async insertFunnelStages(db: DbOrTx, rows: Array<typeof funnelStages.$inferInsert>): Promise<void> {
      if (rows.length > 0) await db.insert(funnelStages).values(rows).onConflictDoNothing();
    },
    /** One prepared statement in the caller's transaction (the order's): costs an order one round trip. */
    async recordOrderStage(
      db: DbOrTx,
      values: {
        sessionId: string;
        stage: 'order_created' | 'paid';
        orderId: string;
        value: number | null;
        userId: string | null;
        createdAt: Date;
      },
    ): Promise<void> {
      await orderStageStatement(db, values);
    },

    async findConfig(db: DbOrTx): Promise<AnalyticsConfigRow | undefined> {
      const [row] = await db.select().from(analyticsConfig).where(eq(analyticsConfig.id, 1));
      return row;
    },
    async saveConfig(
      db: DbOrTx,
      values: Omit<typeof analyticsConfig.$inferInsert, 'id'>,
    ): Promise<AnalyticsConfigRow> {
      const [row] = await db
        .insert(analyticsConfig)
        .values({ ...values, id: 1 })
        .onConflictDoUpdate({ target: analyticsConfig.id, set: values })
        .returning();
      return row!;
    },

    /**
     * Deletes up to `limit` rows of `table` dated before `cutoff` (one bounded statement: a long purge never
     * holds many locks or one huge transaction). Returns how many went.
     */
    async purgeBatch(db: DbOrTx, table: RetentionTable, cutoff: Date, limit: number): Promise<number> {
      const column = sql.identifier(RETENTION_TABLES[table]);
      const name = sql.identifier(table);
      const key = sql.identifier(table === 'analytics_sessions' ? 'session_id' : 'id');
      const result = (await db.execute(sql`
        with gone as (
          delete from ${name} where ${key} in (
            select ${key} from ${name} where ${column} < ${cutoff.toISOString()}::timestamptz limit ${limit}
          )
          returning 1
        )
        select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]?.n ?? 0;
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
