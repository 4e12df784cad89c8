import { z } from './zod.ts';
import { calendarDate } from './fields.ts';
import { PromoCodeStatusSchema } from './form-settings.ts';
import { MESSAGES } from './messages.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';

// Module referrals (issue 18, decision 061): a partner's links (/r/{code}), their clicks, partner promo codes,
// click logs, affiliate analytics and the partner dashboard.

/** Query parameter of a link that names the partner's own channel (sub-id), e.g. /r/AbC123?sub=telegram. */
export const REFERRAL_SUB_PARAM = 'sub';
/** The first-party cookie holding the id of the visitor's last referral click. */
export const REFERRAL_COOKIE = 'ref_click';
export const REFERRAL_LIMITS = {
  nameMax: 100,
  targetPathMax: 500,
  subIdMax: 100,
  codeLength: 8,
} as const;

/**
 * A path on our own site: one leading «/» (never «//host»), no backslash (browsers read «/\host» as «//host»), no
 * whitespace or control characters, bounded. Everything else (a scheme, a host) is refused.
 */
export const TARGET_PATH_PATTERN = /^\/(?![/\\])[^\s\\]*$/;
export function isSafeTargetPath(value: string): boolean {
  return value.length <= REFERRAL_LIMITS.targetPathMax && TARGET_PATH_PATTERN.test(value);
}

/** A sub-id: letters, digits, «_», «-», «.», up to 100. */
export const SUB_ID_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

export const PartnerLinkCreateRequestSchema = z.object({
  name: z
    .string({ message: PARTNER_MESSAGES.referralLinkNameRequired })
    .trim()
    .min(1, { message: PARTNER_MESSAGES.referralLinkNameRequired })
    .max(REFERRAL_LIMITS.nameMax, { message: PARTNER_MESSAGES.referralLinkNameTooLong }),
  targetPath: z
    .string({ message: PARTNER_MESSAGES.referralTargetInvalid })
    .trim()
    .max(REFERRAL_LIMITS.targetPathMax, { message: PARTNER_MESSAGES.referralTargetInvalid })
    .regex(TARGET_PATH_PATTERN, { message: PARTNER_MESSAGES.referralTargetInvalid })
    .optional()
    .transform((value) => value || '/'),
});
export type PartnerLinkCreateRequest = z.input<typeof PartnerLinkCreateRequestSchema>;

export const PartnerLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  targetPath: z.string(),
  /** The full address to share: ${PUBLIC_URL}/r/{code}. */
  url: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  clicks: z.number().int(),
  orders: z.number().int(),
  paidOrders: z.number().int(),
});
export type PartnerLink = z.infer<typeof PartnerLinkSchema>;
export const PartnerLinkListResponseSchema = z.object({ items: z.array(PartnerLinkSchema) });
export type PartnerLinkListResponse = z.infer<typeof PartnerLinkListResponseSchema>;

// ---- partner promo codes ----

export const PartnerPromoCodeCreateRequestSchema = z.object({
  code: z
    .string({ message: MESSAGES.promoCodeFormatInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,50}$/, { message: MESSAGES.promoCodeFormatInvalid }),
  discountPercent: z
    .number({ message: MESSAGES.promoPercentInvalid })
    .int({ message: MESSAGES.promoPercentInvalid })
    .min(1, { message: MESSAGES.promoPercentInvalid })
    .max(100, { message: MESSAGES.promoPercentInvalid }),
});
export type PartnerPromoCodeCreateRequest = z.infer<typeof PartnerPromoCodeCreateRequestSchema>;

export const PartnerPromoCodeSchema = z.object({
  code: z.string(),
  discountPercent: z.number().int(),
  usedCount: z.number().int(),
  maxUses: z.number().int().nullable(),
  status: PromoCodeStatusSchema,
  createdBy: z.enum(['STAFF', 'PARTNER']),
  orders: z.number().int(),
  createdAt: z.string(),
});
export type PartnerPromoCode = z.infer<typeof PartnerPromoCodeSchema>;
export const PartnerPromoCodeListResponseSchema = z.object({
  items: z.array(PartnerPromoCodeSchema),
  maxDiscountPercent: z.number().int(),
});
export type PartnerPromoCodeListResponse = z.infer<typeof PartnerPromoCodeListResponseSchema>;

/** CRM: which portal partner a promo code belongs to (null: nobody's). */
export const PromoCodePartnerRequestSchema = z.object({
  partnerAccountId: z.uuid({ message: PARTNER_MESSAGES.partnerAccountNotFound }).nullable(),
});
export type PromoCodePartnerRequest = z.infer<typeof PromoCodePartnerRequestSchema>;
export const PromoCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,50}$/, { message: MESSAGES.promoCodeFormatInvalid }),
});
export const PromoCodePartnersResponseSchema = z.object({
  /** Code → its partner. */
  assignments: z.array(z.object({ code: z.string(), partnerAccountId: z.string(), partnerName: z.string() })),
  /** Portal partners a code may be given to. */
  partners: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
});
export type PromoCodePartnersResponse = z.infer<typeof PromoCodePartnersResponseSchema>;

// ---- click logs, analytics, dashboard ----

const periodDate = calendarDate(MESSAGES.dateInvalid).optional();

export const ClickLogQuerySchema = z.object({
  from: periodDate,
  to: periodDate,
  linkId: z.uuid({ message: PARTNER_MESSAGES.referralLinkNotFound }).optional(),
  subId: z
    .string()
    .trim()
    .regex(SUB_ID_PATTERN, { message: PARTNER_MESSAGES.referralSubIdInvalid })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(100).optional(),
});
export type ClickLogQuery = z.infer<typeof ClickLogQuerySchema>;
export type ClickLogQueryInput = z.input<typeof ClickLogQuerySchema>;

export const ClickLogItemSchema = z.object({
  id: z.string(),
  clickedAt: z.string(),
  linkId: z.string(),
  linkName: z.string(),
  linkCode: z.string(),
  subId: z.string().nullable(),
  ipTruncated: z.string().nullable(),
  userAgent: z.string().nullable(),
  referrer: z.string().nullable(),
  /** An order was attributed to this click. */
  converted: z.boolean(),
});
export type ClickLogItem = z.infer<typeof ClickLogItemSchema>;
export const ClickLogResponseSchema = z.object({
  items: z.array(ClickLogItemSchema),
  nextCursor: z.string().optional(),
});
export type ClickLogResponse = z.infer<typeof ClickLogResponseSchema>;

export const AffiliateAnalyticsQuerySchema = z.object({ from: periodDate, to: periodDate });
export type AffiliateAnalyticsQuery = z.input<typeof AffiliateAnalyticsQuerySchema>;

const FunnelSchema = z.object({
  clicks: z.number().int(),
  orders: z.number().int(),
  paidOrders: z.number().int(),
  commissionKopecks: z.number().int(),
});
export type Funnel = z.infer<typeof FunnelSchema>;

export const AffiliateAnalyticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: FunnelSchema,
  days: z.array(FunnelSchema.extend({ date: z.string() })),
  links: z.array(FunnelSchema.extend({ linkId: z.string(), name: z.string(), code: z.string() })),
  subIds: z.array(FunnelSchema.extend({ subId: z.string() })),
});
export type AffiliateAnalyticsResponse = z.infer<typeof AffiliateAnalyticsResponseSchema>;

export const PARTNER_FIRST_STEPS = ['LINK', 'COUPON_BATCH', 'INTEGRATION'] as const;
export type PartnerFirstStep = (typeof PARTNER_FIRST_STEPS)[number];

export const PartnerDashboardResponseSchema = z.object({
  clicks: z.number().int(),
  orders: z.number().int(),
  /** Orders per click, percent with one decimal (0 when there were no clicks). */
  conversionPercent: z.number(),
  pendingKopecks: z.number().int(),
  approvedKopecks: z.number().int(),
  paidKopecks: z.number().int(),
  /** Approved and not yet paid (a clawback can make it negative). */
  balanceKopecks: z.number().int(),
  /**
   * The first step the partner has not taken yet, by its type (decision 102): an affiliate's first referral link
   * (`LINK`), a corporate partner's first coupon batch (`COUPON_BATCH`), an integrator's first API key or widget
   * (`INTEGRATION`); null once taken.
   */
  firstStep: z.enum(PARTNER_FIRST_STEPS).nullable(),
  /** The last 30 days (Moscow), oldest first. */
  days: z.array(z.object({ date: z.string(), clicks: z.number().int(), orders: z.number().int() })),
});
export type PartnerDashboardResponse = z.infer<typeof PartnerDashboardResponseSchema>;

/** The CSV file's column titles (Russian, the order of the columns). */
export const CLICK_LOG_CSV_HEADERS = [
  'Дата и время (МСК)',
  'Ссылка',
  'Код',
  'Sub-ID',
  'IP (усечённый)',
  'Браузер',
  'Источник перехода',
  'Заказ',
] as const;
