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

  /**
   * One tracker batch: four data-modifying CTEs, each over `jsonb_to_recordset` of one parameter (a table's rows),
   * prepared once per connection (decision 074: no query text, parse or plan per batch). Each select names the
   * table's own columns, in order: Drizzle checks that at run time (it refuses the statement at its first use
   * otherwise); its types cannot follow raw `sql` fields, hence the casts.
   */
  const batchStatement = preparedOnce((db) => {
    const at = sql`${sql.placeholder('createdAt')}::timestamptz`;
    const rows = (name: string, columns: string) =>
      sql`jsonb_to_recordset(${sql.placeholder(name)}::jsonb) as x(${sql.raw(columns)})`;
    const s = db.$with('s').as(
      db
        .insert(analyticsSessions)
        .select(
          (qb) =>
            qb
              .select({
                sessionId: sql`x.session_id`,
                visitorId: sql`x.visitor_id`,
                landingPage: sql`x.landing_page`,
                referer: sql`x.referer`,
                userAgent: sql`x.user_agent`,
                deviceType: sql`x.device_type`,
                browserName: sql`x.browser_name`,
                operatingSystem: sql`x.operating_system`,
                channel: sql`x.channel`,
                utmSource: sql`x.utm_source`,
                utmMedium: sql`x.utm_medium`,
                utmCampaign: sql`x.utm_campaign`,
                utmContent: sql`x.utm_content`,
                utmTerm: sql`x.utm_term`,
                clickIds: sql`x.click_ids`,
                ipHash: sql`x.ip_hash`,
                isInternal: sql`x.is_internal`,
                userId: sql`x.user_id`,
                createdAt: at,
                lastSeenAt: at,
              })
              .from(
                rows(
                  'sessions',
                  `session_id text, visitor_id text, landing_page text, referer text, user_agent text,
                 device_type text, browser_name text, operating_system text, channel text, utm_source text,
                 utm_medium text, utm_campaign text, utm_content text, utm_term text, click_ids jsonb,
                 ip_hash text, is_internal boolean, user_id uuid`,
                ),
              ) as never,
        )
        // The first values stay; the last visit moves; a visitor or user learnt later fills a gap.
        .onConflictDoUpdate({
          target: analyticsSessions.sessionId,
          set: {
            lastSeenAt: sql`excluded.last_seen_at`,
            visitorId: sql`coalesce(${analyticsSessions.visitorId}, excluded.visitor_id)`,
            userId: sql`coalesce(${analyticsSessions.userId}, excluded.user_id)`,
          },
        })
        .returning({ one: sql<number>`1`.as('one') }),
    );
    const e = db.$with('e').as(
      db
        .insert(analyticsEvents)
        .select(
          (qb) =>
            qb
              .select({
                id: sql`gen_random_uuid()`,
                sessionId: sql`x.session_id`,
                clientEventId: sql`x.client_event_id`,
                eventType: sql`x.event_type`,
                eventCategory: sql`x.event_category`,
                eventAction: sql`x.event_action`,
                eventLabel: sql`x.event_label`,
                eventValue: sql`x.event_value`,
                pagePath: sql`x.page_path`,
                pageTitle: sql`x.page_title`,
                formData: sql`x.form_data`,
                isConversion: sql`x.is_conversion`,
                userId: sql`x.user_id`,
                createdAt: at,
              })
              .from(
                rows(
                  'events',
                  `session_id text, client_event_id text, event_type text, event_category text,
                 event_action text, event_label text, event_value double precision, page_path text,
                 page_title text, form_data jsonb, is_conversion boolean, user_id uuid`,
                ),
              ) as never,
        )
        .onConflictDoNothing()
        .returning({ one: sql<number>`1`.as('one') }),
    );
    const c = db.$with('c').as(
      db
        .insert(conversions)
        .select(
          (qb) =>
            qb
              .select({
                id: sql`gen_random_uuid()`,
                sessionId: sql`x.session_id`,
                clientEventId: sql`x.client_event_id`,
                conversionType: sql`x.conversion_type`,
                conversionValue: sql`x.conversion_value`,
                orderId: sql`x.order_id`,
                createdAt: at,
              })
              .from(
                rows(
                  'conversions',
                  `session_id text, client_event_id text, conversion_type text,
                 conversion_value double precision, order_id uuid`,
                ),
              ) as never,
        )
        .onConflictDoNothing()
        .returning({ one: sql<number>`1`.as('one') }),
    );
    const f = db.$with('f').as(
      db
        .insert(funnelStages)
        .select(
          (qb) =>
            qb
              .select({
                id: sql`gen_random_uuid()`,
                sessionId: sql`x.session_id`,
                clientEventId: sql`x.client_event_id`,
                stage: sql`x.stage`,
                source: sql`x.source`,
                value: sql`x.value`,
                metadata: sql`x.metadata`,
                userId: sql`x.user_id`,
                orderId: sql`x.order_id`,
                utm: sql`x.utm`,
                createdAt: at,
              })
              .from(
                rows(
                  'stages',
                  `session_id text, client_event_id text, stage text, source text, value double precision,
                 metadata jsonb, user_id uuid, order_id uuid, utm jsonb`,
                ),
              ) as never,
        )
        .onConflictDoNothing()
        .returning({ one: sql<number>`1`.as('one') }),
    );
    return db
      .with(s, e, c, f)
      .select({
        stored: sql<number>`(select count(*) from ${s}) + (select count(*) from ${e})
          + (select count(*) from ${c}) + (select count(*) from ${f})`,
        // What a browser reports is a log: its commit does not wait for the disk (this statement's own
        // transaction only). A crash may lose the last fraction of a second of events, never an order or money
        // (decisions 061 and 074).
        relaxedCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
      })
      .from(sql`(select 1) as one`)
      .prepare('analytics_batch');
  });

  return {
    /**
     * One tracker batch in ONE statement (decision 066): the session (when the batch carries it) and every item,
     * each table's rows as one jsonb parameter, each insert skipping rows stored before. One round trip and no
     * query building per row, whatever the batch holds.
     */
    async insertBatch(
      db: DbOrTx,
      batch: {
        createdAt: Date;
        session: typeof analyticsSessions.$inferInsert | null;
        events: Array<typeof analyticsEvents.$inferInsert>;
        conversions: Array<typeof conversions.$inferInsert>;
        stages: Array<typeof funnelStages.$inferInsert>;
      },
    ): Promise<void> {
      const { session, createdAt } = batch;
      const json = (rows: unknown[]) => JSON.stringify(rows);
      const sessions = session
        ? [
            {
              session_id: session.sessionId,
              visitor_id: session.visitorId ?? null,
              landing_page: session.landingPage ?? null,
              referer: session.referer ?? null,
              user_agent: session.userAgent ?? null,
              device_type: session.deviceType ?? null,
              browser_name: session.browserName ?? null,
              operating_system: session.operatingSystem ?? null,
              channel: session.channel ?? null,
              utm_source: session.utmSource ?? null,
              utm_medium: session.utmMedium ?? null,
              utm_campaign: session.utmCampaign ?? null,
              utm_content: session.utmContent ?? null,
              utm_term: session.utmTerm ?? null,
              click_ids: session.clickIds ?? null,
              ip_hash: session.ipHash ?? null,
              is_internal: session.isInternal ?? false,
              user_id: session.userId ?? null,
            },
          ]
        : [];
      const events = batch.events.map((row) => ({
        session_id: row.sessionId,
        client_event_id: row.clientEventId ?? null,
        event_type: row.eventType,
        event_category: row.eventCategory ?? null,
        event_action: row.eventAction ?? null,
        event_label: row.eventLabel ?? null,
        event_value: row.eventValue ?? null,
        page_path: row.pagePath ?? null,
        page_title: row.pageTitle ?? null,
        form_data: row.formData ?? null,
        is_conversion: row.isConversion ?? false,
        user_id: row.userId ?? null,
      }));
      const conversionRows = batch.conversions.map((row) => ({
        session_id: row.sessionId,
        client_event_id: row.clientEventId ?? null,
        conversion_type: row.conversionType,
        conversion_value: row.conversionValue ?? null,
        order_id: row.orderId ?? null,
      }));
      const stages = batch.stages.map((row) => ({
        session_id: row.sessionId,
        client_event_id: row.clientEventId ?? null,
        stage: row.stage,
        source: row.source ?? null,
        value: row.value ?? null,
        metadata: row.metadata ?? null,
        user_id: row.userId ?? null,
        order_id: row.orderId ?? null,
        utm: row.utm ?? null,
      }));
      await batchStatement(db, {
        createdAt: createdAt.toISOString(),
        sessions: json(sessions),
        events: json(events),
        conversions: json(conversionRows),
        stages: json(stages),
      });
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

    /**
     * The Moscow days from the oldest event's or session's to `last` whose counts are not stored (decisions 087,
     * 088).
     */
    async openDays(db: DbOrTx, last: string): Promise<string[]> {
      const result = (await db.execute(sql`
        select d::date::text as day
          from generate_series((select order_stats_day(least((select min(created_at) from analytics_events),
                                                             (select min(created_at) from analytics_sessions))))::timestamp,
                               ${last}::date::timestamp, interval '1 day') d
         where not exists (select 1 from analytics_closed_days c where c.day = d::date)
         order by 1`)) as unknown as { rows: Array<{ day: string }> };
      return result.rows.map((row) => row.day);
    },

    /** Stores the counts of the days from `first` to `last` not stored yet (decisions 087, 088); answers how many days. */
    async closeDays(db: DbOrTx, first: string, last: string): Promise<number> {
      const result = (await db.execute(sql`
        select analytics_close_days(${first}::date, ${last}::date) as n`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
