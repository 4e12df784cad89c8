import { z } from './zod.ts';
import { COMMISSION_KINDS, COMMISSION_STATUSES, PAYOUT_STATUSES } from './partner-constants.ts';
import { isoDateField } from './fields.ts';

/**
 * The money engine of the partner programme (issue 18, decision 062): commissions, staff adjustments, payout runs
 * and the partner's commission and payout pages. Amounts cross the API in integer kopecks (…Kopecks) except the
 * adjustment form, which takes rubles with a sign as staff type them.
 */

export const COMMISSION_MESSAGES = {
  adjustmentAmountInvalid:
    'Сумма корректировки — не 0, с точностью до копейки, не больше 1 000 000 ₽ по модулю',
  adjustmentReasonMissing: 'Укажите причину корректировки',
  adjustmentReasonTooLong: 'Причина — не больше 500 символов',
  adjustmentPartnerMissing: 'Выберите партнёра',
  partnerNotFound: 'Партнёр не найден',
  payoutPeriodInvalid: 'Конец периода — не раньше начала и не позже сегодняшнего дня',
  payoutRunNotFound: 'Выплата не найдена',
  payoutRunEmpty: 'За этот период нет начислений, готовых к выплате',
  payoutRunNotDraft: 'Выплата уже проведена или отменена',
  payoutNotFound: 'Выплата не найдена',
} as const;

export const COMMISSION_KIND_LABELS: Record<(typeof COMMISSION_KINDS)[number], string> = {
  ORDER: 'За заказ',
  ADJUSTMENT: 'Корректировка',
  CLAWBACK: 'Удержание',
};

export const COMMISSION_STATUS_LABELS: Record<(typeof COMMISSION_STATUSES)[number], string> = {
  PENDING: 'Ожидает подтверждения',
  APPROVED: 'Подтверждена',
  PAID: 'Выплачена',
  REVERSED: 'Отменена',
};

export const PAYOUT_STATUS_LABELS: Record<(typeof PAYOUT_STATUSES)[number], string> = {
  DRAFT: 'Черновик',
  PAID: 'Выплачено',
  CANCELLED: 'Отменено',
};

export const CommissionKindSchema = z.enum(COMMISSION_KINDS);
export const CommissionStatusSchema = z.enum(COMMISSION_STATUSES);
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type CommissionKind = z.infer<typeof CommissionKindSchema>;
export type CommissionStatus = z.infer<typeof CommissionStatusSchema>;
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

const pageField = z.coerce.number().int().min(1).max(10_000).default(1);

/** One commission as the partner sees it: the order's number, never the customer. */
export const PartnerCommissionSchema = z.object({
  id: z.string(),
  kind: CommissionKindSchema,
  status: CommissionStatusSchema,
  orderNumber: z.number().int().nullable(),
  baseKopecks: z.number().int(),
  ratePercent: z.number().nullable(),
  amountKopecks: z.number().int(),
  originalAmountKopecks: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  approvableAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type PartnerCommission = z.infer<typeof PartnerCommissionSchema>;

export const PartnerCommissionsQuerySchema = z.object({
  status: CommissionStatusSchema.optional(),
  page: pageField,
});
export type PartnerCommissionsQuery = z.infer<typeof PartnerCommissionsQuerySchema>;

export const CommissionTotalsSchema = z.object({
  PENDING: z.number().int(),
  APPROVED: z.number().int(),
  PAID: z.number().int(),
});
export type CommissionTotals = z.infer<typeof CommissionTotalsSchema>;

export const PartnerCommissionsResponseSchema = z.object({
  items: z.array(PartnerCommissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sums in kopecks by status over every commission of the partner (not just this page). */
  totals: CommissionTotalsSchema,
});
export type PartnerCommissionsResponse = z.infer<typeof PartnerCommissionsResponseSchema>;

export const PartnerPayoutSchema = z.object({
  id: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  amountKopecks: z.number().int(),
  status: PayoutStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  commissions: z.array(PartnerCommissionSchema),
});
export type PartnerPayout = z.infer<typeof PartnerPayoutSchema>;
export const PartnerPayoutsResponseSchema = z.object({ items: z.array(PartnerPayoutSchema) });
export type PartnerPayoutsResponse = z.infer<typeof PartnerPayoutsResponseSchema>;

// Staff: adjustments

const reasonField = z
  .string({ message: COMMISSION_MESSAGES.adjustmentReasonMissing })
  .trim()
  .min(1, { message: COMMISSION_MESSAGES.adjustmentReasonMissing })
  .max(500, { message: COMMISSION_MESSAGES.adjustmentReasonTooLong });

export const ADJUSTMENT_MAX_RUBLES = 1_000_000;

export const CreateAdjustmentRequestSchema = z.object({
  partnerAccountId: z.uuid({ message: COMMISSION_MESSAGES.adjustmentPartnerMissing }),
  /** Rubles with a sign: + pays the partner more, − takes from their next payout. */
  amount: z
    .number({ message: COMMISSION_MESSAGES.adjustmentAmountInvalid })
    .multipleOf(0.01, { message: COMMISSION_MESSAGES.adjustmentAmountInvalid })
    .min(-ADJUSTMENT_MAX_RUBLES, { message: COMMISSION_MESSAGES.adjustmentAmountInvalid })
    .max(ADJUSTMENT_MAX_RUBLES, { message: COMMISSION_MESSAGES.adjustmentAmountInvalid })
    .refine((value) => value !== 0, { message: COMMISSION_MESSAGES.adjustmentAmountInvalid }),
  reason: reasonField,
});
export type CreateAdjustmentRequest = z.infer<typeof CreateAdjustmentRequestSchema>;

export const AdjustmentsQuerySchema = z.object({
  partnerAccountId: z.uuid({ message: COMMISSION_MESSAGES.partnerNotFound }).optional(),
  page: pageField,
});
export type AdjustmentsQuery = z.infer<typeof AdjustmentsQuerySchema>;

export const AdjustmentSchema = z.object({
  id: z.string(),
  partnerAccountId: z.string(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  amountKopecks: z.number().int(),
  status: CommissionStatusSchema,
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;
export const AdjustmentsResponseSchema = z.object({
  items: z.array(AdjustmentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdjustmentsResponse = z.infer<typeof AdjustmentsResponseSchema>;

export const PartnerOptionsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const PartnerOptionSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type PartnerOption = z.infer<typeof PartnerOptionSchema>;
export const PartnerOptionsResponseSchema = z.object({ items: z.array(PartnerOptionSchema) });

// Staff: payout runs

export const CreatePayoutRunRequestSchema = z
  .object({ periodFrom: isoDateField, periodTo: isoDateField })
  .refine((value) => value.periodFrom <= value.periodTo, {
    message: COMMISSION_MESSAGES.payoutPeriodInvalid,
    path: ['periodTo'],
  });
export type CreatePayoutRunRequest = z.infer<typeof CreatePayoutRunRequestSchema>;

export const PAYOUT_EXCLUSION_REASONS = [
  'BELOW_MINIMUM',
  'NO_PAYMENT_DETAILS',
  'PARTNER_NOT_ACTIVE',
] as const;
export const PAYOUT_EXCLUSION_LABELS: Record<(typeof PAYOUT_EXCLUSION_REASONS)[number], string> = {
  BELOW_MINIMUM: 'Сумма меньше минимальной выплаты',
  NO_PAYMENT_DETAILS: 'Нет подтверждённых реквизитов',
  PARTNER_NOT_ACTIVE: 'Партнёр не активен',
};

export const PayoutRunSummarySchema = z.object({
  id: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  status: PayoutStatusSchema,
  payoutCount: z.number().int(),
  totalKopecks: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PayoutRunSummary = z.infer<typeof PayoutRunSummarySchema>;
export const PayoutRunsResponseSchema = z.object({ items: z.array(PayoutRunSummarySchema) });

export const PayoutRowSchema = z.object({
  id: z.string(),
  partnerAccountId: z.string(),
  partnerName: z.string(),
  amountKopecks: z.number().int(),
  commissionCount: z.number().int(),
  status: PayoutStatusSchema,
  payee: z.record(z.string(), z.string()).nullable(),
});
export type PayoutRow = z.infer<typeof PayoutRowSchema>;

export const PayoutExclusionSchema = z.object({
  partnerAccountId: z.string(),
  partnerName: z.string(),
  amountKopecks: z.number().int(),
  reason: z.enum(PAYOUT_EXCLUSION_REASONS),
});
export type PayoutExclusion = z.infer<typeof PayoutExclusionSchema>;

export const PayoutRunDetailSchema = PayoutRunSummarySchema.extend({
  payouts: z.array(PayoutRowSchema),
  /** Partners with approved money up to the period end that is not in this run, and why (DRAFT runs only). */
  excluded: z.array(PayoutExclusionSchema),
});
export type PayoutRunDetail = z.infer<typeof PayoutRunDetailSchema>;
