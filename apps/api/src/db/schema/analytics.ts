import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Marketing analytics (spec 3 and 9; issue 19). A session is one browser session on the public pages; a visitor is
 * one browser across sessions (a random id kept for the attribution lifetime), so an order's touchpoints are its
 * visitor's sessions before it. No raw IP is stored: `ipHash` is keyed with a salt that rotates daily.
 * Owner: the analytics module (ingestion, configuration, retention); the marketing module only reads them.
 */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    sessionId: text().primaryKey(),
    visitorId: text(),
    landingPage: text(),
    referer: text(),
    userAgent: text(),
    deviceType: text(),
    browserName: text(),
    operatingSystem: text(),
    /** The acquisition channel of this session (the spec 4 rule, computed by the server from UTM and referrer). */
    channel: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmContent: text(),
    utmTerm: text(),
    clickIds: jsonb(),
    ipHash: text(),
    /** From an internal IP range or a test e-mail (config): kept but left out of every report. */
    isInternal: boolean().notNull().default(false),
    userId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_sessions_created_idx').on(t.createdAt),
    index('analytics_sessions_visitor_idx').on(t.visitorId, t.createdAt),
    index('analytics_sessions_campaign_idx').on(t.utmCampaign, t.createdAt),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: text().notNull(),
    /** The browser's id of this event: a retried beacon is stored once. */
    clientEventId: text(),
    eventType: text().notNull(),
    eventCategory: text(),
    eventAction: text(),
    eventLabel: text(),
    eventValue: doublePrecision(),
    pagePath: text(),
    pageTitle: text(),
    formData: jsonb(),
    isConversion: boolean().notNull().default(false),
    userId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_type_created_idx').on(t.eventType, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
    uniqueIndex('analytics_events_client_key').on(t.sessionId, t.clientEventId),
  ],
);

export const conversions = pgTable(
  'conversions',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: text().notNull(),
    clientEventId: text(),
    conversionType: text().notNull(),
    conversionValue: doublePrecision(),
    orderId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversions_client_key').on(t.sessionId, t.clientEventId),
    index('conversions_created_idx').on(t.createdAt),
  ],
);

export const funnelStages = pgTable(
  'funnel_stages',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: text().notNull(),
    clientEventId: text(),
    stage: text().notNull(),
    source: text(),
    value: doublePrecision(),
    metadata: jsonb(),
    userId: uuid(),
    orderId: uuid(),
    utm: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('funnel_stages_stage_created_idx').on(t.stage, t.createdAt),
    index('funnel_stages_session_idx').on(t.sessionId, t.createdAt),
    uniqueIndex('funnel_stages_client_key').on(t.sessionId, t.clientEventId),
    // The server records order_created and paid once per order.
    uniqueIndex('funnel_stages_order_stage_key')
      .on(t.orderId, t.stage)
      .where(sql`order_id is not null`),
    // A session's orders reached by its stages (lead scoring's hot leads, decision 097): the few stages with an
    // order, not all of them.
    index('funnel_stages_session_order_idx')
      .on(t.sessionId, t.orderId)
      .where(sql`order_id is not null`),
  ],
);

/**
 * The funnel report's rollup (decision 080): one row per session that recorded a funnel stage — the first time it
 * reached each stage, and its first and last stage — kept by the statement-level triggers of `funnel_stages`
 * (migration 0046), so the report reads one row per session instead of grouping the stages every time.
 * `split_days`: some stage of the session was recorded on two Moscow days, so its first time in a period is not
 * always the first time: the report reads that session's stages raw.
 * Owner: the triggers of funnel_stages and analytics_sessions (migration 0046); nothing else writes it.
 */
export const funnelSessions = pgTable(
  'funnel_sessions',
  {
    sessionId: text().primaryKey(),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    landingAt: timestamp({ withTimezone: true }),
    calculatorUsedAt: timestamp({ withTimezone: true }),
    step1At: timestamp('step_1_at', { withTimezone: true }),
    step2At: timestamp('step_2_at', { withTimezone: true }),
    step3At: timestamp('step_3_at', { withTimezone: true }),
    orderCreatedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    splitDays: boolean().notNull().default(false),
    // The session's own columns the report filters and groups by (null until the session is stored; the
    // triggers of analytics_sessions keep them), so the report reads no session row.
    sessionStart: timestamp({ withTimezone: true }),
    channel: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    deviceType: text(),
    isInternal: boolean().notNull().default(false),
    // Decision 098: stages on more than one Moscow day (or split): the funnel reads such sessions raw beside its
    // stored days. A column (not only the index's predicate) so that the planner has its statistics.
    multiDay: boolean().generatedAlwaysAs(
      sql`split_days or order_stats_day(first_at) <> order_stats_day(last_at)`,
    ),
  },
  (t) => [
    index('funnel_sessions_last_idx').on(t.lastAt, t.firstAt),
    index('funnel_sessions_split_idx')
      .on(t.lastAt, t.firstAt)
      .where(sql`split_days`),
    // The sessions whose stages lie on more than one Moscow day: the funnel reads them raw beside its stored days
    // (decision 098).
    index('funnel_sessions_multi_day_idx')
      .on(t.lastAt, t.firstAt)
      .where(sql`multi_day`),
  ],
);

/** `GET/POST /api/marketing/analytics-config` (ADMIN): one row (id = 1). */
export const analyticsConfig = pgTable('analytics_config', {
  id: integer().primaryKey().default(1),
  /** Spec 9: 720 hours. */
  attributionWindowHours: integer().notNull().default(720),
  defaultAttributionModel: text().notNull().default('first_touch'),
  timeDecayHalfLifeHours: integer().notNull().default(168),
  /** [{ event, points, decayDays }] — see the contracts' LeadScoreRule. */
  leadScoreRules: jsonb()
    .notNull()
    .default(sql`'[]'::jsonb`),
  hotLeadThreshold: integer().notNull().default(50),
  retentionDays: integer().notNull().default(395),
  /** CIDR ranges whose sessions are internal. */
  internalIpRanges: jsonb()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** E-mails of test orders: their sessions and orders are left out of reports. */
  testEmails: jsonb()
    .notNull()
    .default(sql`'[]'::jsonb`),
  yandexMetricaId: text(),
  ga4MeasurementId: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** A marketing campaign (its key is the utm_campaign value); spend is entered by staff per period. */
export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    utmCampaign: text().notNull(),
    utmSource: text(),
    channel: text(),
    startsOn: date({ mode: 'string' }),
    endsOn: date({ mode: 'string' }),
    archivedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_campaigns_utm_key').on(sql`lower(${t.utmCampaign})`)],
);

export const marketingCampaignSpend = pgTable(
  'marketing_campaign_spend',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid()
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    amountKopecks: bigint({ mode: 'number' }).notNull(),
    note: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_campaign_spend_campaign_idx').on(t.campaignId, t.periodStart)],
);

/** A tagged link saved in the UTM builder; its clicks and orders are the sessions and orders with the same tags. */
export const marketingUtmLinks = pgTable(
  'marketing_utm_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    baseUrl: text().notNull(),
    utmSource: text().notNull(),
    utmMedium: text().notNull(),
    utmCampaign: text().notNull(),
    utmContent: text(),
    utmTerm: text(),
    archivedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_utm_links_campaign_idx').on(t.utmCampaign)],
);

/**
 * Daily rollups of the sessions and events the reports count (decision 079), kept by statement-level triggers on
 * `analytics_sessions` and `analytics_events` (migration 0044) in the transaction of every write, so they always
 * equal the raw rows: sessions that are not internal per Moscow day of their start and their tags, device and
 * browser; events of such sessions per Moscow day of the event, the session's channel, source and campaign, and
 * the event's type, category, action and page. A missing tag is ''. Rows may hold zero counts (readers skip them).
 * Owner: the analytics module (written only by its triggers; `analytics_rollup_rebuild()` recomputes both).
 */
export const analyticsSessionDays = pgTable(
  'analytics_session_days',
  {
    day: date({ mode: 'string' }).notNull(),
    channel: text().notNull(),
    utmSource: text().notNull(),
    utmMedium: text().notNull(),
    utmCampaign: text().notNull(),
    utmContent: text().notNull(),
    utmTerm: text().notNull(),
    deviceType: text().notNull(),
    browserName: text().notNull(),
    sessions: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'analytics_session_days_pkey',
      columns: [
        t.day,
        t.channel,
        t.utmSource,
        t.utmMedium,
        t.utmCampaign,
        t.utmContent,
        t.utmTerm,
        t.deviceType,
        t.browserName,
      ],
    }),
  ],
);

export const analyticsEventDays = pgTable(
  'analytics_event_days',
  {
    day: date({ mode: 'string' }).notNull(),
    channel: text().notNull(),
    utmSource: text().notNull(),
    utmCampaign: text().notNull(),
    eventType: text().notNull(),
    eventCategory: text().notNull(),
    eventAction: text().notNull(),
    pagePath: text().notNull(),
    events: integer().notNull().default(0),
    conversions: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'analytics_event_days_pkey',
      columns: [
        t.day,
        t.channel,
        t.utmSource,
        t.utmCampaign,
        t.eventType,
        t.eventCategory,
        t.eventAction,
        t.pagePath,
      ],
    }),
  ],
);

/**
 * The Moscow days whose distinct sessions per event group are stored in analytics_event_session_days (decision
 * 087). A day is stored by the closing job (`analytics_close_days()`) once it is over; any later change to its
 * events or their sessions deletes its row here (statement triggers), which deletes its counts (the foreign key),
 * and the reports count that day from the raw rows again until the job stores it anew.
 */
export const analyticsClosedDays = pgTable('analytics_closed_days', {
  day: date({ mode: 'string' }).primaryKey(),
  closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sessions with events per closed Moscow day × the session's channel, source and campaign × the event's type,
 * category, action and page; `event_type` '' (never a real type: contracts require one) is the row of the day's
 * sessions with any event. A session counts once per day it has events on (decision 087: a report session ends at
 * Moscow midnight, as in Matomo and Universal Analytics), so a period's sessions are the sum of its days.
 */
export const analyticsEventSessionDays = pgTable(
  'analytics_event_session_days',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => analyticsClosedDays.day, { onDelete: 'cascade' }),
    channel: text().notNull(),
    utmSource: text().notNull(),
    utmCampaign: text().notNull(),
    eventType: text().notNull(),
    eventCategory: text().notNull(),
    eventAction: text().notNull(),
    pagePath: text().notNull(),
    sessions: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_event_session_days_pkey',
      columns: [
        t.day,
        t.channel,
        t.utmSource,
        t.utmCampaign,
        t.eventType,
        t.eventCategory,
        t.eventAction,
        t.pagePath,
      ],
    }),
  ],
);

/**
 * Sessions and distinct visitors per closed Moscow day, per grain (decision 088): `grain` is a report dimension
 * (0 all, 1 channel, 2 campaign, 3 source × medium, 4 the five UTM tags) times 8 plus the mask of the filters the
 * row is grouped by (1 channel, 2 source, 4 campaign); `key` is the dimension's key exactly as the reports group
 * sessions (marketing-figures.ts), the filter columns the lower-case tag of a grouped filter and '' otherwise. A
 * visitor counts once per day in a group, so over a period longer than a month the reports add up the days.
 */
export const analyticsVisitorDays = pgTable(
  'analytics_visitor_days',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => analyticsClosedDays.day, { onDelete: 'cascade' }),
    grain: smallint().notNull(),
    key: text().notNull(),
    channel: text().notNull(),
    utmSource: text().notNull(),
    utmCampaign: text().notNull(),
    sessions: integer().notNull(),
    visitors: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_visitor_days_pkey',
      columns: [t.grain, t.day, t.key, t.channel, t.utmSource, t.utmCampaign],
    }),
    index('analytics_visitor_days_day_idx').on(t.day),
  ],
);
