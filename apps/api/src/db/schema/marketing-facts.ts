import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The orders side of the marketing reports (issue 19, decision 078), kept by database triggers on `orders`,
 * `order_lines` and `refunds` (migration 0041) in the transaction of every change, so a year report sums a few
 * thousand daily rows instead of computing the money of half a million orders. Tags are stored as the order has
 * them ('' for none, case kept): every report dimension and filter applies to these columns as it did to the
 * order's. `marketing_order_facts_rebuild()` recomputes both tables from scratch.
 */
const tagColumns = {
  acquisitionChannel: text().notNull().default(''),
  utmSource: text().notNull().default(''),
  utmMedium: text().notNull().default(''),
  utmCampaign: text().notNull().default(''),
  utmContent: text().notNull().default(''),
  utmTerm: text().notNull().default(''),
};

/**
 * One row per order (deleted ones included, as not live). Money is that of `orderMoneySql` for a paid live order,
 * 0 otherwise; `firstPaid` marks the e-mail's first paid live order ever (by creation, then id) — a new customer.
 */
export const marketingOrderFacts = pgTable(
  'marketing_order_facts',
  {
    orderId: uuid().primaryKey(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The Moscow day of creation (order_stats_day: UTC+3, the reports' period bounds). */
    day: date({ mode: 'string' }).notNull(),
    emailLower: text().notNull(),
    ...tagColumns,
    /** Not deleted: counts as an order. */
    live: boolean().notNull(),
    /** Paid, not deleted, not cancelled: counts as a paid order with money. */
    paidLive: boolean().notNull(),
    revenueKopecks: bigint({ mode: 'number' }).notNull(),
    marginKopecks: bigint({ mode: 'number' }).notNull(),
    firstPaid: boolean().notNull(),
  },
  (t) => [
    // The test e-mails' orders of a period, subtracted from the daily sums at read time.
    index('marketing_order_facts_email_day_idx').on(t.emailLower, t.day),
    // The e-mail's first paid order: the trigger's pick under the e-mail's lock.
    index('marketing_order_facts_paid_email_idx')
      .on(t.emailLower, t.createdAt, t.orderId)
      .where(sql`paid_live`),
    index('marketing_order_facts_first_paid_idx')
      .on(t.emailLower)
      .where(sql`first_paid`),
    // Attribution: the paid orders of a period with their money.
    index('marketing_order_facts_paid_created_idx')
      .on(t.createdAt)
      .where(sql`paid_live`),
  ],
);

/**
 * The facts summed per Moscow day and tags (all e-mails: the test ones are subtracted when a report is read), in up
 * to 16 partial rows per day and tags (`shard`, decision 082): a change adds its delta to the row of its database
 * connection (`pg_backend_pid() % 16`), so concurrent orders do not queue on one row until each commits. A partial
 * row may hold a negative count (an order counted on one connection, deleted on another); readers sum the shards.
 * The rebuild writes shard 0.
 */
export const marketingOrderDaily = pgTable(
  'marketing_order_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    ...tagColumns,
    shard: smallint().notNull().default(0),
    orders: integer().notNull().default(0),
    paidOrders: integer().notNull().default(0),
    revenueKopecks: bigint({ mode: 'number' }).notNull().default(0),
    marginKopecks: bigint({ mode: 'number' }).notNull().default(0),
    newCustomers: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'marketing_order_daily_pkey',
      columns: [
        t.day,
        t.acquisitionChannel,
        t.utmSource,
        t.utmMedium,
        t.utmCampaign,
        t.utmContent,
        t.utmTerm,
        t.shard,
      ],
    }),
  ],
);

/**
 * Attribution and touchpoints per closed Moscow day (decision 096). `journey_day_versions` counts the changes to a
 * day's orders and their touches once the day is two days old: statement and row triggers on
 * `marketing_order_facts`, `orders`, `funnel_stages` and `analytics_sessions` raise the version of every day whose
 * orders they concern, in the writer's own transaction. Younger days are never stored, so the order form and the
 * tracker (whose rows are today's) raise nothing.
 */
export const journeyDayVersions = pgTable('journey_day_versions', {
  day: date({ mode: 'string' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});

/**
 * A stored day: the version and the configuration (window, half-life, test e-mails) it was computed with, and its
 * totals — paid live orders with their money (attribution), live orders and their touches (touchpoints). A reader
 * uses it only where the version and configuration are still the current ones, in the same snapshot; the other
 * days come from the raw rows.
 */
export const journeyClosedDays = pgTable('journey_closed_days', {
  day: date({ mode: 'string' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  windowHours: integer().notNull(),
  halfLifeHours: integer().notNull(),
  testEmails: text().notNull(),
  paidOrders: integer().notNull(),
  revenueKopecks: bigint({ mode: 'number' }).notNull(),
  marginKopecks: bigint({ mode: 'number' }).notNull(),
  liveOrders: integer().notNull(),
  touches: integer().notNull(),
  closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A stored day's attribution credits per model × touch (channel, source, campaign as the sessions have them;
 * `key` is the three as JSON, unique per day and model): orders in hundredths, money in kopecks, the sums of each
 * order's largest-remainder split (decision 068), so a period's sums stay exact.
 */
export const journeyDayCredits = pgTable(
  'journey_day_credits',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => journeyClosedDays.day, { onDelete: 'cascade' }),
    model: text().notNull(),
    key: text().notNull(),
    channel: text().notNull(),
    utmSource: text(),
    utmCampaign: text(),
    orders: integer().notNull(),
    revenueKopecks: bigint({ mode: 'number' }).notNull(),
    marginKopecks: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'journey_day_credits_pkey', columns: [t.day, t.model, t.key] })],
);

/**
 * A stored day's touchpoints per filter (decision 096, filters): for each combination of the three filters
 * (`mask`: 1 channel, 2 source, 4 campaign) and each value of it among the touches of the day's live orders
 * (lower case; '' for a filter not in the mask or a missing tag), the orders with such a touch and the sum of
 * their touches. `mask` 0: the orders without touches (one «direct» touch for the channel filter alone).
 */
export const journeyDayTouchFilters = pgTable(
  'journey_day_touch_filters',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => journeyClosedDays.day, { onDelete: 'cascade' }),
    mask: smallint().notNull(),
    channel: text().notNull(),
    utmSource: text().notNull(),
    utmCampaign: text().notNull(),
    orders: integer().notNull(),
    touches: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'journey_day_touch_filters_pkey',
      columns: [t.day, t.mask, t.channel, t.utmSource, t.utmCampaign],
    }),
  ],
);

/**
 * Lead scoring per closed Moscow day of the sessions' start (decision 097). `lead_score_day_versions` counts the
 * changes to a day's sessions and their events once the day is two days old (statement triggers on
 * `analytics_events`, row and statement triggers on `analytics_sessions`, in the writer's transaction); the tracker's
 * writes for today's and yesterday's sessions raise nothing.
 */
export const leadScoreDayVersions = pgTable('lead_score_day_versions', {
  day: date({ mode: 'string' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});

/**
 * A stored day: the version, the rules and threshold (`rules_key`) and the report days it holds for — from
 * `as_of` to before `valid_until` (null: for good; the decay counts whole days, so a day's scores change only when
 * one of its events crosses a rule's half-life) — and how many of its sessions scored above zero.
 */
export const leadScoreDays = pgTable('lead_score_days', {
  day: date({ mode: 'string' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  rulesKey: text().notNull(),
  asOf: date({ mode: 'string' }).notNull(),
  validUntil: date({ mode: 'string' }),
  scoredSessions: integer().notNull(),
  closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sessions of a stored day a report may list: the highest-scored ones (as many as a page shows) of the day
 * and of each channel × source × campaign of the day (a filtered report's top is among its groups'),
 * and every one at or near the threshold (a hot lead is one of them). The session's channel (as the reports
 * compute it), source and campaign ('' for none) are kept for the filters.
 */
export const leadScoreDaySessions = pgTable(
  'lead_score_day_sessions',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => leadScoreDays.day, { onDelete: 'cascade' }),
    sessionId: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    events: integer().notNull(),
    score: doublePrecision().notNull(),
    channel: text().notNull().default(''),
    utmSource: text().notNull().default(''),
    utmCampaign: text().notNull().default(''),
    /** Read by an unfiltered report: in the day's top or near the threshold. */
    listed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'lead_score_day_sessions_pkey', columns: [t.day, t.sessionId] }),
    index('lead_score_day_sessions_listed_idx')
      .on(t.day)
      .where(sql`listed`),
  ],
);

/** A stored day's sessions scored above zero per channel × source × campaign ('' for none): a filtered count. */
export const leadScoreDayGroups = pgTable(
  'lead_score_day_groups',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => leadScoreDays.day, { onDelete: 'cascade' }),
    channel: text().notNull(),
    utmSource: text().notNull(),
    utmCampaign: text().notNull(),
    scoredSessions: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'lead_score_day_groups_pkey',
      columns: [t.day, t.channel, t.utmSource, t.utmCampaign],
    }),
  ],
);

/**
 * The funnel per closed Moscow day (decision 098). `funnel_day_versions` counts the changes to the funnel rollup's
 * rows (`funnel_sessions`) of a day once the day is two days old (a statement trigger on `funnel_sessions`, in the
 * writer's transaction).
 */
export const funnelDayVersions = pgTable('funnel_day_versions', {
  day: date({ mode: 'string' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});

/** A stored day of the funnel: the version it was computed at. */
export const funnelClosedDays = pgTable('funnel_closed_days', {
  day: date({ mode: 'string' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A stored day's sessions whose stages all lie on that day (not split), per channel × device: how many entered,
 * reached each stage, and were paid after so many whole days from their start (`paid_by_days[n + 1]`: n days, 0 to
 * 90; the last element: more) — a period's «paid within the window» is a sum for any window.
 */
export const funnelDayCells = pgTable(
  'funnel_day_cells',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => funnelClosedDays.day, { onDelete: 'cascade' }),
    channel: text().notNull(),
    device: text().notNull(),
    entered: integer().notNull(),
    landing: integer().notNull(),
    calculatorUsed: integer().notNull(),
    step1: integer('step_1').notNull(),
    step2: integer('step_2').notNull(),
    step3: integer('step_3').notNull(),
    orderCreated: integer().notNull(),
    paid: integer().notNull(),
    paidByDays: integer().array().notNull(),
  },
  (t) => [primaryKey({ name: 'funnel_day_cells_pkey', columns: [t.day, t.channel, t.device] })],
);

/**
 * A stored day's minutes from the stage before to `stage`, of the same sessions: how many per bucket of the
 * funnel's fixed edges (`histogram`) with the bucket's least and greatest value, and every value negated and
 * sorted (`negated_minutes`: ascending, so `width_bucket` slices out one bucket's values) — a period's exact
 * median reads at most one bucket of each day, none when the middle values are a bucket's least or greatest.
 */
export const funnelDayDurations = pgTable(
  'funnel_day_durations',
  {
    day: date({ mode: 'string' })
      .notNull()
      .references(() => funnelClosedDays.day, { onDelete: 'cascade' }),
    stage: text().notNull(),
    histogram: integer().array().notNull(),
    /** The least and greatest value of each bucket (null where it is empty). */
    bucketLows: doublePrecision().array().notNull(),
    bucketHighs: doublePrecision().array().notNull(),
    negatedMinutes: doublePrecision().array().notNull(),
  },
  (t) => [primaryKey({ name: 'funnel_day_durations_pkey', columns: [t.day, t.stage] })],
);
