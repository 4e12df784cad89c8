import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  primaryKey,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERY_TYPES, ORDER_STATUSES, PAYER_TYPES } from '@app/contracts';
import type { PriceBreakdown } from '@app/contracts';
import { enumCheck } from './enum-check.ts';
import { users } from './users.ts';

/** Payment providers, payment and refund statuses, manual payment methods (decisions 043, 046). */
export const PAYMENT_PROVIDERS = ['test', 'yookassa', 'manual'] as const;
export const PAYMENT_ROW_STATUSES = ['pending', 'superseded', 'succeeded', 'canceled'] as const;
export const REFUND_ROW_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export const MANUAL_PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_office'] as const;
const ORDER_LINE_KINDS = ['document', 'assurance', 'delivery', 'discount'] as const;

const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

/**
 * A customer name as full-text words, ё folded into е ('simple': no stemming, lower case). One expression for
 * the GIN index and the staff search, so the planner matches them (decision 012).
 */
export const orderNameSearch = (name: AnyPgColumn) =>
  sql`to_tsvector('simple', translate(${name}, 'Ёё', 'Ее'))`;

/**
 * Order numbers (decision 064): drawn by the trigger orders_assign_number (migration 0033) only for a row that is
 * inserted, after every refusal of the request. Not transactional: a transaction that fails after its INSERT (a
 * database error or a crash before COMMIT) leaves a gap.
 */
export const ordersNumberSeq = pgSequence('orders_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * Set by the trigger orders_assign_number (decision 064, migration 0033) from orders_number_seq, the first is
     * 100001. A refused request and an idempotent retry insert no row and take no number (issue 16).
     */
    number: bigint({ mode: 'number' }).notNull().default(0),
    status: text({ enum: ORDER_STATUSES }).notNull().default('NEW'),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    name: text().notNull(),
    phoneNumber: text().notNull(),
    payerType: text({ enum: PAYER_TYPES }).notNull().default('INDIVIDUAL'),
    organizationInn: text(),
    organizationKpp: text(),
    organizationName: text(),
    organizationAddress: text(),
    comment: text(),
    originalLanguage: text().notNull(),
    targetLanguage: text().notNull(),
    deliveryId: uuid(),
    deliveryType: text({ enum: DELIVERY_TYPES }).notNull(),
    deliveryName: text().notNull(),
    pickupPointId: uuid(),
    officeId: uuid(),
    address: text(),
    apartment: text(),
    entrance: text(),
    floor: text(),
    intercom: text(),
    addressComment: text(),
    deliveryData: jsonb(),
    amount: money().notNull(),
    deliveryPrice: money().notNull().default(0),
    discount: money().notNull().default(0),
    promoCode: text(),
    promoDiscountPercent: integer().notNull().default(0),
    priceBreakdown: jsonb().$type<PriceBreakdown>().notNull(),
    estimatedReadyDate: date({ mode: 'string' }),
    otherPrice: money(),
    otherCost: money(),
    /** Courier delivery created with the delivery adapter (create-delivery job): its id and last known status. */
    externalDeliveryId: text(),
    externalDeliveryStatus: text(),
    externalDeliveryCheckedAt: timestamp({ withTimezone: true }),
    /** The provider's public courier tracking page (https only), once the claim has one. */
    externalDeliveryTrackingUrl: text(),
    /** send-payment-reminders sends one reminder per unpaid order. */
    paymentReminderSentAt: timestamp({ withTimezone: true }),
    /** Organizations: when the signed act came back (staff mark it) and when we last reminded about it. */
    actExchangedAt: timestamp({ withTimezone: true }),
    actReminderSentAt: timestamp({ withTimezone: true }),
    isPaid: boolean().notNull().default(false),
    paidAt: timestamp({ withTimezone: true }),
    /** Paid outside the system, recorded by staff (decision 043): no acquiring fee in the unit economics. */
    paidOutside: boolean().notNull().default(false),
    /**
     * The pickup point partner's commission %, fixed when the order is placed at the point (decision 044): the
     * trigger orders_fix_partner_commission (migration 0027) copies the partner's current rate on insert and when
     * the pickup point changes, so a later change of the rate applies to new orders only. Null: no partner point.
     */
    partnerCommissionPercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    /**
     * When the owner of the order e-mail confirmed the order is theirs (decision 022): set at creation when the
     * customer is signed in as that e-mail, else by the owner in the cabinet. Until then the cabinet marks the
     * order «не подтверждён» and hides the sender's comment.
     */
    ownerConfirmedAt: timestamp({ withTimezone: true }),
    partnerId: uuid(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmContent: text(),
    utmTerm: text(),
    referrer: text(),
    landingPage: text(),
    acquisitionChannel: text(),
    attributionModel: text(),
    firstTouchAt: timestamp({ withTimezone: true }),
    lastTouchAt: timestamp({ withTimezone: true }),
    touchpointCount: integer(),
    marketingValue: numeric({ precision: 12, scale: 2, mode: 'number' }),
    /** The analytics session and visitor the order was placed in (issue 19): the funnel, touchpoints, attribution. */
    analyticsSessionId: text(),
    analyticsVisitorId: text(),
    idempotencyKey: text(),
    /** Whose key it is (decision 022): `user:<id>` when signed in, `email:<order e-mail>` otherwise. */
    idempotencyScope: text(),
    requestHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * The guest order-status link's secret (decision 036): 64 hex digits from two random UUIDs (244 random bits),
     * made by the database for every order, old ones included. It opens the read-only status page, nothing else.
     */
    statusToken: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_status_token_key').on(t.statusToken),
    uniqueIndex('orders_idempotency_scope_key').on(t.idempotencyScope, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // Trigrams (pg_trgm, decision 050): the staff search finds a part of an e-mail (LIKE '%romashka%') and any
    // 4+ digits of a phone (LIKE '%1234567%'); a whole phone is still found by equality on orders_phone_idx.
    index('orders_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('orders_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('orders_phone_idx').on(t.phoneNumber),
    index('orders_name_search_idx').using('gin', orderNameSearch(t.name)),
    index('orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`is_paid = false and status = 'NEW'`),
    enumCheck('orders_status_check', 'status', ORDER_STATUSES),
    enumCheck('orders_payer_type_check', 'payer_type', PAYER_TYPES),
    enumCheck('orders_delivery_type_check', 'delivery_type', DELIVERY_TYPES),
    // The marketing reports' new paying customer (decision 073): is there an earlier paid live order of this e-mail?
    // Without it every paid order of the period read all the orders (1M orders: minutes).
    index('orders_paid_email_idx')
      .on(sql`lower(${t.email})`, t.createdAt, t.id)
      .where(sql`is_paid and deleted_at is null and status <> 'CANCELED'`),
    // Lead scoring's «latest linked order» of a session (decision 080): one lookup by its session, one by its
    // visitor (newest first), instead of walking every order with an OR as the filter.
    index('orders_analytics_session_idx')
      .on(t.analyticsSessionId)
      .where(sql`deleted_at is null`),
    index('orders_analytics_visitor_created_idx')
      .on(t.analyticsVisitorId, t.createdAt)
      .where(sql`deleted_at is null`),
  ],
);

/** Line snapshot: names and prices as they were when ordered (catalogue edits never change old orders). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text({ enum: ORDER_LINE_KINDS }).notNull(),
    refId: uuid(),
    name: text().notNull(),
    unitPrice: money().notNull(),
    quantity: integer().notNull(),
    total: money().notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // Unit economics by document type: document lines read from the index alone (decision 012).
    index('order_lines_document_idx')
      .on(t.orderId, t.refId, t.name, t.quantity, t.total)
      .where(sql`kind = 'document'`),
    enumCheck('order_lines_kind_check', 'kind', ORDER_LINE_KINDS),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: ORDER_STATUSES }),
    toStatus: text({ enum: ORDER_STATUSES }).notNull(),
    /** Mailed to the customer and shown in the cabinet. */
    comment: text(),
    actorUserId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Staff only (decision 048): never mailed, never in the cabinet or on the status link. */
    internalNote: text(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
    enumCheck('order_status_history_from_status_check', 'from_status', ORDER_STATUSES),
    enumCheck('order_status_history_to_status_check', 'to_status', ORDER_STATUSES),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    originalName: text().notNull(),
    storedName: text().notNull(),
    size: integer().notNull(),
    mimeType: text().notNull(),
    userId: uuid(),
    /** SHA-256 of the upload token handed to the uploader; the order must present the token (decision 022). */
    tokenHash: text(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Pages counted at upload (decision 039); null when the file could not be counted. */
    pageCount: integer(),
    /** Characters with spaces of the file's text; null for a scan, a photo or an uncounted file. */
    characterCount: integer(),
  },
  (t) => [
    index('uploads_order_idx').on(t.orderId),
    // remove-unattached-uploads reads the files never attached to an order, oldest first.
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`order_id is null`),
  ],
);

export const promoCodes = pgTable('promo_codes', {
  code: text().primaryKey(),
  discountPercent: integer().notNull(),
  isActive: boolean().notNull().default(true),
  validFrom: timestamp({ withTimezone: true }),
  validTo: timestamp({ withTimezone: true }),
  maxUses: integer(),
  usedCount: integer().notNull().default(0),
  description: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `manual`: staff recorded a payment taken outside the system (decision 043); never a provider link. */
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text(),
    /** `superseded`: the order's amount changed after this link was made; it no longer settles the order. */
    status: text({ enum: PAYMENT_ROW_STATUSES }).notNull().default('pending'),
    amount: money().notNull(),
    confirmationUrl: text(),
    /** Where the provider sends the payer back (the order's success page or its cabinet page; decision 035). */
    returnUrl: text(),
    /** A manual payment (decision 043): how it was taken, the day, who recorded it, the staff comment. */
    manualMethod: text({ enum: MANUAL_PAYMENT_METHODS }),
    manualPaidOn: date({ mode: 'string' }),
    recordedByUserId: uuid(),
    manualComment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    enumCheck('payments_provider_check', 'provider', PAYMENT_PROVIDERS),
    enumCheck('payments_status_check', 'status', PAYMENT_ROW_STATUSES),
    enumCheck('payments_manual_method_check', 'manual_method', MANUAL_PAYMENT_METHODS),
  ],
);

/**
 * Money returned to the customer from a received payment (decision 046). Every refund not `canceled` counts
 * against its payment: their sum never exceeds the payment's amount (checked under the order's row lock). An online
 * refund is `pending` until the provider answers (its Idempotence-Key is this row's id, so a retry never refunds
 * twice); a refund of a payment taken outside the system (provider `manual`) is recorded as already paid out.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountKopecks: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    /** The staff member who recorded it. */
    createdByUserId: uuid(),
    providerRefundId: text(),
    status: text({ enum: REFUND_ROW_STATUSES }).notNull().default('pending'),
    /** A refund of a manual payment: how the money went back (decision 043's methods). */
    manualMethod: text({ enum: MANUAL_PAYMENT_METHODS }),
    /** The Moscow day the money went back: staff give it for a manual refund; the day it succeeded otherwise. */
    refundedOn: date({ mode: 'string' }),
    /** The provider's last error (unreachable, refused): shown to staff beside «Повторить». */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    // Unit economics read the succeeded refunds of a period by their day (decision 046).
    index('refunds_refunded_on_idx')
      .on(t.refundedOn)
      .where(sql`status = 'succeeded'`),
    check('refunds_amount_positive', sql`amount_kopecks > 0`),
    enumCheck('refunds_status_check', 'status', REFUND_ROW_STATUSES),
    enumCheck('refunds_manual_method_check', 'manual_method', MANUAL_PAYMENT_METHODS),
  ],
);

/** Internal notes staff leave on an order; never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorUserId: uuid(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Unit economics rollup (decision 016): live orders past NEW summed per Moscow day of creation, status and
 * pickup point. Kept by database triggers on `orders` (migration 0011) in the transaction of every change, so a
 * report for a year reads a few thousand rows instead of half a million orders. Plain sums only: rates and
 * rounding are applied when the report is read, except the partner commission, fixed per order (decision 044).
 */
export const orderStatsDaily = pgTable(
  'order_stats_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    pickupPointId: uuid(),
    orders: integer().notNull().default(0),
    amount: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    /** Amount of the orders paid online (isPaid): the base of the acquiring fee. */
    paidAmount: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    otherCost: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryPrice: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    /**
     * Partner commission in roubles, unrounded: the sum of amount × the order's own commission % / 100
     * (decision 044); the report rounds it to the kopeck once per day.
     */
    partnerCommission: numeric({ precision: 24, scale: 6, mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('order_stats_daily_key').on(t.day, t.status, t.pickupPointId).nullsNotDistinct()],
);

/**
 * The document lines of the same orders per Moscow day, status and document type (`documentKey`: the type id,
 * or the line name for a line without one). A document appears once per order, so `lines` counts orders.
 */
export const orderLineStatsDaily = pgTable(
  'order_line_stats_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    documentKey: text().notNull(),
    lines: integer().notNull().default(0),
    quantity: integer().notNull().default(0),
    total: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_line_stats_daily_pkey', columns: [t.day, t.status, t.documentKey] })],
);
