import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  API_KEY_SCOPES,
  COUPON_BATCH_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@app/contracts';
import { enumCheck } from './enum-check.ts';
import { orders } from './orders.ts';
import { partnerCouponCampaigns, partnerLinks } from './partner-program.ts';
import { partnerAccounts, users } from './users.ts';

/**
 * The partner programme, part 2 (issue 20): corporate referrers' coupon batches and single-use coupons (owner: the
 * coupons module; their campaigns live in partner-program.ts, as referral links point at them too); integrators' API keys (partner-api), webhook endpoints and deliveries (webhooks) and
 * embeddable widgets (widgets). Money in integer kopecks.
 */

const WEBHOOK_ATTEMPT_KINDS = ['AUTO', 'RESEND', 'TEST'] as const;

/** A requested batch of N single-use coupons. */
export const partnerCouponBatches = pgTable(
  'partner_coupon_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    campaignId: uuid().references(() => partnerCouponCampaigns.id, { onDelete: 'set null' }),
    label: text().notNull(),
    quantity: integer().notNull(),
    discountPercent: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: COUPON_BATCH_STATUSES }).notNull().default('PENDING'),
    refusalReason: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_coupon_batches_partner_idx').on(t.partnerAccountId, t.createdAt),
    index('partner_coupon_batches_status_idx').on(t.status, t.createdAt),
    enumCheck('partner_coupon_batches_status_check', 'status', COUPON_BATCH_STATUSES),
  ],
);

/** One single-use coupon; `code` is stored upper-case (codes are case-insensitive, no confusable characters). */
export const partnerCoupons = pgTable(
  'partner_coupons',
  {
    code: text().primaryKey(),
    batchId: uuid()
      .notNull()
      .references(() => partnerCouponBatches.id, { onDelete: 'cascade' }),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    /** Set by one conditional UPDATE (`where used_at is null`) in the order's transaction. */
    usedAt: timestamp({ withTimezone: true }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    discountKopecks: bigint({ mode: 'number' }),
    /**
     * The part of the discount given back to the campaign's budget by refunds of the paid order (decision 076):
     * the refunded share of the discount, never more than `discountKopecks`.
     */
    discountReturnedKopecks: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_coupons_batch_idx').on(t.batchId),
    uniqueIndex('partner_coupons_order_key')
      .on(t.orderId)
      .where(sql`order_id is not null`),
    check(
      'partner_coupons_returned_within_discount',
      sql`discount_returned_kopecks >= 0 and discount_returned_kopecks <= coalesce(discount_kopecks, 0)`,
    ),
  ],
);

/**
 * An integrator's API key: `pk_live_<prefix>_<secret>` shown once; stored as a SHA-256 hash (the key is random, so
 * a fast hash is enough) with the prefix visible. A key is its own principal (kind `apiKey`).
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    scopes: text({ enum: API_KEY_SCOPES }).array().notNull(),
    /** IPs or CIDR ranges the key may be used from; empty: any. */
    allowedIps: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * The per-key rate limit (decision 076, replacing 070's fixed minute): GCRA's theoretical arrival time, moved
     * by one conditional UPDATE per request (shared by every API instance). Null: never used.
     */
    rateLimitTat: timestamp({ withTimezone: true }),
    /**
     * The latest request time the limit has seen: GCRA's clock for this key never goes back. Concurrent requests
     * read the time before they queue on the row, so a request that took its time first may update after one that
     * took a later time; measured from its own earlier time, it would be refused inside the full burst.
     */
    rateLimitClock: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_api_keys_hash_key').on(t.keyHash),
    uniqueIndex('partner_api_keys_prefix_key').on(t.prefix),
    index('partner_api_keys_partner_idx').on(t.partnerAccountId, t.createdAt),
  ],
);

/** An integrator's webhook endpoint. The secret signs deliveries (HMAC-SHA256); shown to the partner once. */
export const partnerWebhookEndpoints = pgTable(
  'partner_webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    events: text({ enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
    secret: text().notNull(),
    status: text({ enum: WEBHOOK_ENDPOINT_STATUSES }).notNull().default('ACTIVE'),
    /** Failed deliveries in a row (a delivery that exhausted its retries); reset by a success. */
    consecutiveFailures: integer().notNull().default(0),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_webhook_endpoints_partner_idx').on(t.partnerAccountId),
    enumCheck('partner_webhook_endpoints_status_check', 'status', WEBHOOK_ENDPOINT_STATUSES),
  ],
);

/** One event for one endpoint; its attempts are rows of partner_webhook_attempts. */
export const partnerWebhookDeliveries = pgTable(
  'partner_webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid()
      .notNull()
      .references(() => partnerWebhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (the same for every endpoint that hears it): receivers de-duplicate by it. */
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    payload: jsonb().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    lastResponseCode: integer(),
    lastDurationMs: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    uniqueIndex('partner_webhook_deliveries_event_key').on(t.endpointId, t.eventId),
    enumCheck('partner_webhook_deliveries_status_check', 'status', WEBHOOK_DELIVERY_STATUSES),
    enumCheck('partner_webhook_deliveries_event_type_check', 'event_type', [
      ...WEBHOOK_EVENT_TYPES,
      WEBHOOK_TEST_EVENT_TYPE,
    ]),
  ],
);

export const partnerWebhookAttempts = pgTable(
  'partner_webhook_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deliveryId: uuid()
      .notNull()
      .references(() => partnerWebhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    responseCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
    manual: text({ enum: WEBHOOK_ATTEMPT_KINDS }).notNull().default('AUTO'),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_webhook_attempts_delivery_idx').on(t.deliveryId, t.at),
    enumCheck('partner_webhook_attempts_manual_check', 'manual', WEBHOOK_ATTEMPT_KINDS),
  ],
);

/** An embeddable quote/order widget: public id in the script tag, the domains it may run on, theme colours. */
export const partnerWidgets = pgTable(
  'partner_widgets',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Host names (e.g. `example.ru`, `*.example.ru`) the widget may be embedded on. */
    allowedDomains: text().array().notNull(),
    theme: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The widget's own referral link (made with it): the hand-over to the order form is a click on it. */
    linkId: uuid()
      .notNull()
      .references(() => partnerLinks.id, { onDelete: 'restrict' }),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_widgets_partner_idx').on(t.partnerAccountId),
    uniqueIndex('partner_widgets_link_key').on(t.linkId),
  ],
);
