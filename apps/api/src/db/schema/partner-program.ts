import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ATTRIBUTION_SOURCES,
  COMMISSION_KINDS,
  COMMISSION_STATUSES,
  FRAUD_EVENT_STATUSES,
  FRAUD_RULES,
  PARTNER_APPLICATION_STATUSES,
  PARTNER_TYPES,
  PAYEE_TYPES,
  PAYOUT_STATUSES,
} from '@app/contracts';
import { enumCheck } from './enum-check.ts';
import { orders, promoCodes } from './orders.ts';
import { partnerAccounts, users } from './users.ts';

/**
 * The partner programme (issue 18, decision 059). Money is integer kopecks everywhere; every state change of a
 * commission is a row in partner_commission_events. Owner: the partner-program module.
 */

/** The programme's settings: one row (id = 1). Percentages to 2 decimals. */
export const partnerProgramSettings = pgTable(
  'partner_program_settings',
  {
    id: integer().primaryKey().default(1),
    commissionAffiliatePercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(10),
    commissionCorporatePercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(10),
    commissionIntegratorPercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(10),
    /** Days after the order is COMPLETED before its commission is approved. */
    holdDays: integer().notNull().default(14),
    minPayoutKopecks: bigint({ mode: 'number' }).notNull().default(100_000),
    /** Days a referral click attributes orders to its partner. */
    attributionWindowDays: integer().notNull().default(30),
    /** The largest discount a partner's own promo code may give. */
    maxPromoDiscountPercent: integer().notNull().default(15),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  () => [check('partner_program_settings_one_row', sql`id = 1`)],
);

/** A public application to join the programme. */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text({ enum: PARTNER_TYPES }).notNull(),
    name: text().notNull(),
    company: text(),
    website: text(),
    email: text().notNull(),
    phone: text(),
    promotion: text().notNull(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: PARTNER_APPLICATION_STATUSES }).notNull().default('PENDING'),
    refusalReason: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    partnerAccountId: uuid().references(() => partnerAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_applications_status_idx').on(t.status, t.createdAt),
    // One open application per e-mail (case-insensitive).
    uniqueIndex('partner_applications_pending_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`status = 'PENDING'`),
  ],
);

/** One-time links that set a partner's password (after approval, or «забыли пароль»). Stored as a hash. */
export const partnerPasswordTokens = pgTable(
  'partner_password_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_password_tokens_hash_key').on(t.tokenHash)],
);

/** Where a partner signed in from (fraud: orders from the partner's own address or device). Hashes only. */
export const partnerSignIns = pgTable(
  'partner_sign_ins',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    ipHash: text().notNull(),
    deviceHash: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_sign_ins_partner_idx').on(t.partnerAccountId, t.at),
    index('partner_sign_ins_ip_idx').on(t.ipHash),
  ],
);

/** A corporate referrer's campaign for one client company or event; it stops discounting at its budget cap. */
export const partnerCouponCampaigns = pgTable(
  'partner_coupon_campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    clientCompany: text(),
    startsOn: date({ mode: 'string' }),
    endsOn: date({ mode: 'string' }),
    /** The most discount the campaign's coupons may give in total; null: no cap. */
    budgetKopecks: bigint({ mode: 'number' }),
    /** Discount given so far: raised by one conditional UPDATE in the order's transaction (never above the cap). */
    spentKopecks: bigint({ mode: 'number' }).notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_coupon_campaigns_partner_idx').on(t.partnerAccountId, t.createdAt),
    check('partner_coupon_campaigns_budget', sql`budget_kopecks is null or spent_kopecks <= budget_kopecks`),
  ],
);

/** A referral link: /r/{code} redirects to targetPath on our site and logs the click. */
export const partnerLinks = pgTable(
  'partner_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    /** A path on our site, always starting with «/» (never another host). */
    targetPath: text().notNull().default('/'),
    /** A corporate referrer's campaign grouping this link (decision 069); the coupons module assigns it. */
    campaignId: uuid().references(() => partnerCouponCampaigns.id, { onDelete: 'set null' }),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_links_code_key').on(sql`lower(${t.code})`),
    index('partner_links_partner_idx').on(t.partnerAccountId),
    index('partner_links_campaign_idx').on(t.campaignId),
  ],
);

/** A logged click (bots are dropped before). IP truncated (/24, /48); the visitor id is the attribution cookie. */
export const partnerClicks = pgTable(
  'partner_clicks',
  {
    id: uuid().primaryKey().defaultRandom(),
    linkId: uuid()
      .notNull()
      .references(() => partnerLinks.id, { onDelete: 'cascade' }),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    clickedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipTruncated: text(),
    ipHash: text(),
    userAgent: text(),
    referrer: text(),
    subId: text(),
  },
  (t) => [
    index('partner_clicks_partner_idx').on(t.partnerAccountId, t.clickedAt),
    index('partner_clicks_link_idx').on(t.linkId, t.clickedAt),
  ],
);

/**
 * Which partner an order is attributed to and why (one row per attributed order). A promo code beats a link; of
 * links, the last click in the window wins (decision 059).
 */
export const orderAttributions = pgTable(
  'order_attributions',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    source: text({ enum: ATTRIBUTION_SOURCES }).notNull(),
    clickId: uuid().references(() => partnerClicks.id, { onDelete: 'set null' }),
    promoCode: text(),
    subId: text(),
    /** Hashes of the address and device the order came from (fraud rules; never the raw values). */
    ipHash: text(),
    deviceHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The corporate campaign the order came through, fixed at order time (decision 076): a link's campaign for
     * LINK and WIDGET, the coupon batch's for COUPON. Moving a link to another campaign later leaves its past
     * orders where they were. Last column: the attribution statements insert by position.
     */
    campaignId: uuid().references(() => partnerCouponCampaigns.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_attributions_partner_idx').on(t.partnerAccountId, t.createdAt),
    index('order_attributions_campaign_idx').on(t.campaignId),
    enumCheck('order_attributions_source_check', 'source', ATTRIBUTION_SOURCES),
  ],
);

/** A partner's own promo code: an order with it is attributed to the partner. */
export const partnerPromoCodes = pgTable(
  'partner_promo_codes',
  {
    code: text()
      .primaryKey()
      .references(() => promoCodes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    createdBy: text({ enum: ['STAFF', 'PARTNER'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_promo_codes_partner_idx').on(t.partnerAccountId)],
);

/**
 * A commission: ORDER (rate × the order's paid amount net of delivery), ADJUSTMENT (staff, ±, with a reason) or
 * CLAWBACK (negative: an order refunded or cancelled after its commission was paid, taken from the next payout).
 * PENDING → APPROVED (hold passed, no open fraud event) → PAID (in a paid payout); PENDING/APPROVED → REVERSED
 * (amount 0). PAID rows never change.
 */
export const partnerCommissions = pgTable(
  'partner_commissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'restrict' }),
    kind: text({ enum: COMMISSION_KINDS }).notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    status: text({ enum: COMMISSION_STATUSES }).notNull().default('PENDING'),
    baseKopecks: bigint({ mode: 'number' }).notNull().default(0),
    ratePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    amountKopecks: bigint({ mode: 'number' }).notNull(),
    /** What the amount was before a reversal (the row keeps 0 as its amount). */
    originalAmountKopecks: bigint({ mode: 'number' }).notNull(),
    reason: text(),
    /** Set while a fraud event about this commission is open: approval waits. */
    heldAt: timestamp({ withTimezone: true }),
    /** When the hold period ends (COMPLETED + hold days); null until the order is completed. */
    approvableAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    reversedAt: timestamp({ withTimezone: true }),
    payoutId: uuid().references((): AnyPgColumn => partnerPayouts.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_commissions_partner_idx').on(t.partnerAccountId, t.status, t.createdAt),
    index('partner_commissions_approvable_idx')
      .on(t.approvableAt)
      .where(sql`status = 'PENDING'`),
    uniqueIndex('partner_commissions_order_key')
      .on(t.orderId)
      .where(sql`kind = 'ORDER'`),
    uniqueIndex('partner_commissions_clawback_key')
      .on(t.orderId)
      .where(sql`kind = 'CLAWBACK'`),
    check('partner_commissions_reversed_zero', sql`status <> 'REVERSED' OR amount_kopecks = 0`),
    enumCheck('partner_commissions_kind_check', 'kind', COMMISSION_KINDS),
    enumCheck('partner_commissions_status_check', 'status', COMMISSION_STATUSES),
  ],
);

/** The audit trail of commissions: every creation and state change. */
export const partnerCommissionEvents = pgTable(
  'partner_commission_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    commissionId: uuid()
      .notNull()
      .references(() => partnerCommissions.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    amountKopecks: bigint({ mode: 'number' }).notNull(),
    /** A staff user, or null for the system (jobs, payments). */
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_commission_events_commission_idx').on(t.commissionId, t.at),
    enumCheck('partner_commission_events_from_status_check', 'from_status', COMMISSION_STATUSES),
    enumCheck('partner_commission_events_to_status_check', 'to_status', COMMISSION_STATUSES),
  ],
);

/** A payout run for a period: DRAFT (reviewed, exported) → PAID, or CANCELLED (its commissions go back). */
export const partnerPayoutRuns = pgTable(
  'partner_payout_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default('DRAFT'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    paidBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  () => [enumCheck('partner_payout_runs_status_check', 'status', PAYOUT_STATUSES)],
);

/** One partner's payout in a run: the sum of its commissions (payoutId) and the payee details as they were. */
export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => partnerPayoutRuns.id, { onDelete: 'cascade' }),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'restrict' }),
    amountKopecks: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default('DRAFT'),
    payee: jsonb().$type<Record<string, string>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('partner_payouts_partner_idx').on(t.partnerAccountId, t.createdAt),
    uniqueIndex('partner_payouts_run_partner_key').on(t.runId, t.partnerAccountId),
    check('partner_payouts_amount_positive', sql`amount_kopecks > 0`),
    enumCheck('partner_payouts_status_check', 'status', PAYOUT_STATUSES),
  ],
);

/** Where a partner's money goes. A change is pending until confirmed from the partner's e-mail. */
export const partnerPaymentDetails = pgTable('partner_payment_details', {
  partnerAccountId: uuid()
    .primaryKey()
    .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
  payeeType: text({ enum: PAYEE_TYPES }).notNull(),
  payeeName: text().notNull(),
  inn: text().notNull(),
  kpp: text(),
  bik: text().notNull(),
  bankName: text(),
  account: text().notNull(),
  correspondentAccount: text(),
  confirmedAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A requested change of payment details, applied when the e-mailed link is opened (single use). */
export const partnerPaymentDetailChanges = pgTable(
  'partner_payment_detail_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    details: jsonb().$type<Record<string, string | null>>().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_payment_detail_changes_token_key').on(t.tokenHash)],
);

/** A fraud signal about a partner (and, when it concerns an order, its commission, held until resolved). */
export const partnerFraudEvents = pgTable(
  'partner_fraud_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    rule: text({ enum: FRAUD_RULES }).notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    commissionId: uuid().references(() => partnerCommissions.id, { onDelete: 'set null' }),
    evidence: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: FRAUD_EVENT_STATUSES }).notNull().default('OPEN'),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    resolutionNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_fraud_events_status_idx').on(t.status, t.createdAt),
    index('partner_fraud_events_partner_idx').on(t.partnerAccountId),
    // A rule fires once per order (re-running detection does not duplicate).
    uniqueIndex('partner_fraud_events_rule_order_key')
      .on(t.rule, t.orderId)
      .where(sql`order_id IS NOT NULL`),
  ],
);
