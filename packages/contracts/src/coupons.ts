import { z } from './zod.ts';
import { calendarDate } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';
import { COUPON_BATCH_STATUSES } from './partner-constants.ts';

// Module coupons (issue 20, decision 069): a corporate referrer's coupon batches, campaigns and analytics, and the
// staff approval of batches above the programme's limits.

/**
 * Coupon codes: 10 characters of an alphabet without the confusable 0/O, 1/I/L (31 symbols, ~49.5 bits drawn
 * with crypto randomness), stored upper-case, read case-insensitively.
 */
export const COUPON_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const COUPON_LIMITS = {
  codeLength: 10,
  /** One batch holds 1 to this many coupons. */
  batchMax: 1000,
  /** A batch of at most this many coupons (and a discount within the programme's maximum) is approved at once. */
  autoApproveQuantity: 100,
  labelMax: 100,
  nameMax: 100,
  clientMax: 200,
  reasonMin: 3,
  reasonMax: 1000,
  /** A batch expires at most this many days ahead. */
  expiryMaxDays: 366,
  /** A campaign groups at most this many referral links. */
  campaignLinksMax: 100,
  /** Campaign budget cap, roubles. */
  budgetMaxRub: 10_000_000,
} as const;

/** A code as typed (any case, spaces around) → the stored form; null when it cannot be a coupon code. */
export function normalizeCouponCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (code.length !== COUPON_LIMITS.codeLength) return null;
  for (const char of code) if (!COUPON_ALPHABET.includes(char)) return null;
  return code;
}

export const COUPON_BATCH_STATUS_LABELS = {
  PENDING: 'На согласовании',
  APPROVED: 'Одобрен',
  REFUSED: 'Отклонён',
} as const satisfies Record<(typeof COUPON_BATCH_STATUSES)[number], string>;

const isoDate = calendarDate(MESSAGES.dateInvalid);

export const CouponBatchCreateRequestSchema = z.object({
  label: z
    .string({ message: PARTNER_MESSAGES.couponLabelRequired })
    .trim()
    .min(1, { message: PARTNER_MESSAGES.couponLabelRequired })
    .max(COUPON_LIMITS.labelMax, { message: PARTNER_MESSAGES.couponLabelTooLong }),
  quantity: z
    .number({ message: PARTNER_MESSAGES.couponQuantityInvalid })
    .int({ message: PARTNER_MESSAGES.couponQuantityInvalid })
    .min(1, { message: PARTNER_MESSAGES.couponQuantityInvalid })
    .max(COUPON_LIMITS.batchMax, { message: PARTNER_MESSAGES.couponQuantityInvalid }),
  discountPercent: z
    .number({ message: MESSAGES.promoPercentInvalid })
    .int({ message: MESSAGES.promoPercentInvalid })
    .min(1, { message: MESSAGES.promoPercentInvalid })
    .max(100, { message: MESSAGES.promoPercentInvalid }),
  /** The last day (Moscow) the coupons work. */
  expiresOn: isoDate,
  campaignId: z.uuid({ message: PARTNER_MESSAGES.couponCampaignNotFound }).nullable().optional(),
});
export type CouponBatchCreateRequest = z.infer<typeof CouponBatchCreateRequestSchema>;
export type CouponBatchCreateInput = z.input<typeof CouponBatchCreateRequestSchema>;

export const CouponBatchSchema = z.object({
  id: z.string(),
  label: z.string(),
  quantity: z.number().int(),
  discountPercent: z.number().int(),
  expiresAt: z.string(),
  status: z.enum(COUPON_BATCH_STATUSES),
  refusalReason: z.string().nullable(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  usedCount: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CouponBatch = z.infer<typeof CouponBatchSchema>;
export const CouponBatchListResponseSchema = z.object({
  items: z.array(CouponBatchSchema),
  /** The programme's limits of a batch approved at once. */
  maxDiscountPercent: z.number().int(),
  autoApproveQuantity: z.number().int(),
});
export type CouponBatchListResponse = z.infer<typeof CouponBatchListResponseSchema>;

/** The created batch and what became of it (approved at once, or waiting for staff). */
export const CouponBatchCreateResponseSchema = z.object({ batch: CouponBatchSchema, message: z.string() });
export type CouponBatchCreateResponse = z.infer<typeof CouponBatchCreateResponseSchema>;

export const CouponSchema = z.object({
  code: z.string(),
  usedAt: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  discountKopecks: z.number().int().nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;
export const CouponListResponseSchema = z.object({ batch: CouponBatchSchema, items: z.array(CouponSchema) });
export type CouponListResponse = z.infer<typeof CouponListResponseSchema>;

/** The CSV file of one batch's coupons (Russian titles, column order). */
export const COUPON_CSV_HEADERS = ['Код', 'Статус', 'Использован (МСК)', 'Номер заказа'] as const;

// ---- campaigns ----

export const CouponCampaignCreateRequestSchema = z
  .object({
    name: z
      .string({ message: PARTNER_MESSAGES.couponCampaignNameRequired })
      .trim()
      .min(1, { message: PARTNER_MESSAGES.couponCampaignNameRequired })
      .max(COUPON_LIMITS.nameMax, { message: PARTNER_MESSAGES.couponCampaignNameTooLong }),
    clientCompany: z
      .string()
      .trim()
      .max(COUPON_LIMITS.clientMax, { message: PARTNER_MESSAGES.couponClientTooLong })
      .nullable()
      .optional()
      .transform((value) => value || null),
    startsOn: isoDate.nullable().optional(),
    endsOn: isoDate.nullable().optional(),
    /** The cap of the discount the campaign's coupons give in total, roubles; null: no cap. */
    budgetRub: z
      .number({ message: PARTNER_MESSAGES.couponBudgetInvalid })
      .min(1, { message: PARTNER_MESSAGES.couponBudgetInvalid })
      .max(COUPON_LIMITS.budgetMaxRub, { message: PARTNER_MESSAGES.couponBudgetInvalid })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        message: PARTNER_MESSAGES.couponBudgetInvalid,
      })
      .nullable()
      .optional(),
  })
  .refine((value) => !value.startsOn || !value.endsOn || value.startsOn <= value.endsOn, {
    path: ['endsOn'],
    message: MESSAGES.periodInvalid,
  });
export type CouponCampaignCreateRequest = z.infer<typeof CouponCampaignCreateRequestSchema>;
export type CouponCampaignCreateInput = z.input<typeof CouponCampaignCreateRequestSchema>;

export const CouponCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientCompany: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  budgetKopecks: z.number().int().nullable(),
  spentKopecks: z.number().int(),
  /** Null: no cap. */
  remainingKopecks: z.number().int().nullable(),
  batches: z.number().int(),
  couponsIssued: z.number().int(),
  couponsUsed: z.number().int(),
  /** The partner's referral links grouped into the campaign (archived links included, flagged). */
  links: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), archived: z.boolean() })),
  /** Set: archived — no new batches, its coupons stop discounting, nothing can be edited. */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CouponCampaign = z.infer<typeof CouponCampaignSchema>;

/** The campaign's links become exactly these (the partner's own live links); an empty list detaches all. */
export const CouponCampaignLinksRequestSchema = z.object({
  linkIds: z
    .array(z.uuid({ message: PARTNER_MESSAGES.couponLinkNotFound }), {
      message: PARTNER_MESSAGES.couponLinkNotFound,
    })
    .max(COUPON_LIMITS.campaignLinksMax, { message: PARTNER_MESSAGES.couponCampaignLinksTooMany }),
});
export type CouponCampaignLinksRequest = z.infer<typeof CouponCampaignLinksRequestSchema>;
export const CouponCampaignListResponseSchema = z.object({ items: z.array(CouponCampaignSchema) });
export type CouponCampaignListResponse = z.infer<typeof CouponCampaignListResponseSchema>;

// ---- analytics ----

const CouponFunnelSchema = z.object({
  issued: z.number().int(),
  used: z.number().int(),
  orders: z.number().int(),
  paidOrders: z.number().int(),
  /** Paid orders' amounts. */
  revenueKopecks: z.number().int(),
  discountKopecks: z.number().int(),
  commissionKopecks: z.number().int(),
});
export type CouponFunnel = z.infer<typeof CouponFunnelSchema>;

export const CorporateAnalyticsResponseSchema = z.object({
  totals: CouponFunnelSchema,
  campaigns: z.array(
    CouponFunnelSchema.extend({
      campaignId: z.string().nullable(),
      name: z.string(),
      /** Orders attributed through the campaign's referral links (source LINK), next to the coupon orders. */
      linkOrders: z.number().int(),
      linkPaidOrders: z.number().int(),
      linkRevenueKopecks: z.number().int(),
      linkCommissionKopecks: z.number().int(),
    }),
  ),
  batches: z.array(
    CouponFunnelSchema.extend({
      batchId: z.string(),
      label: z.string(),
      campaignName: z.string().nullable(),
    }),
  ),
  /** Coupons used per Moscow day, the last 30 days, oldest first. */
  days: z.array(z.object({ date: z.string(), used: z.number().int() })),
});
export type CorporateAnalyticsResponse = z.infer<typeof CorporateAnalyticsResponseSchema>;

export const CORPORATE_ANALYTICS_CSV_HEADERS = [
  'Кампания',
  'Пакет',
  'Выпущено купонов',
  'Использовано',
  'Заказы',
  'Оплачено заказов',
  'Выручка, ₽',
  'Скидка, ₽',
  'Комиссия, ₽',
  'Заказы по ссылкам',
  'Оплачено по ссылкам',
  'Выручка по ссылкам, ₽',
  'Комиссия по ссылкам, ₽',
] as const;

// ---- staff ----

export const CouponBatchStaffQuerySchema = z.object({
  status: z.enum(COUPON_BATCH_STATUSES).optional(),
});
export const CouponBatchStaffItemSchema = CouponBatchSchema.extend({
  partnerAccountId: z.string(),
  partnerName: z.string(),
  partnerEmail: z.string(),
});
export type CouponBatchStaffItem = z.infer<typeof CouponBatchStaffItemSchema>;
export const CouponBatchStaffListResponseSchema = z.object({ items: z.array(CouponBatchStaffItemSchema) });
export type CouponBatchStaffListResponse = z.infer<typeof CouponBatchStaffListResponseSchema>;
export const CouponBatchRefuseRequestSchema = z.object({
  reason: z
    .string({ message: PARTNER_MESSAGES.partnerStatusReasonRequired })
    .trim()
    .min(COUPON_LIMITS.reasonMin, { message: PARTNER_MESSAGES.partnerStatusReasonRequired })
    .max(COUPON_LIMITS.reasonMax, { message: PARTNER_MESSAGES.partnerStatusReasonRequired }),
});
export type CouponBatchRefuseRequest = z.infer<typeof CouponBatchRefuseRequestSchema>;
