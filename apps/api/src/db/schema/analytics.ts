import { boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const analyticsSessions = pgTable('analytics_sessions', {
  sessionId: text().primaryKey(),
  landingPage: text(),
  referer: text(),
  userAgent: text(),
  deviceType: text(),
  browserName: text(),
  operatingSystem: text(),
  utm: jsonb(),
  clickIds: jsonb(),
  userId: uuid(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: text().notNull(),
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
  (t) => [index('analytics_events_type_created_idx').on(t.eventType, t.createdAt)],
);

export const conversions = pgTable('conversions', {
  id: uuid().primaryKey().defaultRandom(),
  sessionId: text().notNull(),
  conversionType: text().notNull(),
  conversionValue: doublePrecision(),
  orderId: uuid(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const funnelStages = pgTable(
  'funnel_stages',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: text().notNull(),
    stage: text().notNull(),
    source: text(),
    value: doublePrecision(),
    metadata: jsonb(),
    userId: uuid(),
    orderId: uuid(),
    utm: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('funnel_stages_stage_created_idx').on(t.stage, t.createdAt)],
);
