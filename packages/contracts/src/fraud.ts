import { z } from './zod.ts';
import { PARTNER_TYPES } from './constants.ts';
import { FRAUD_EVENT_STATUSES, FRAUD_RULES } from './partner-constants.ts';
import { IdSchema } from './common.ts';
import { PartnerStatusSchema, PartnerTypeSchema } from './enums.ts';
import { calendarDate } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';

export const FraudRuleSchema = z.enum(FRAUD_RULES);
export type FraudRule = z.infer<typeof FraudRuleSchema>;
export const FraudEventStatusSchema = z.enum(FRAUD_EVENT_STATUSES);
export type FraudEventStatus = z.infer<typeof FraudEventStatusSchema>;

export const FRAUD_RULE_LABELS: Record<FraudRule, string> = {
  SELF_REFERRAL: 'Заказ самого партнёра',
  OWN_SIGN_IN: 'Адрес или устройство партнёра',
  DISPOSABLE_EMAIL: 'Одноразовый e-mail',
  CLICK_SPIKE: 'Всплеск кликов',
  MANY_CANCELLATIONS: 'Много отмен',
  SHARED_CUSTOMER: 'Клиент у нескольких партнёров',
};

export const FRAUD_EVENT_STATUS_LABELS: Record<FraudEventStatus, string> = {
  OPEN: 'Открыто',
  RELEASED: 'Отпущено',
  REVERSED: 'Комиссия отменена',
  BANNED: 'Партнёр заблокирован',
};

const MATCH_LABELS: Record<string, string> = {
  email: 'E-mail заказа совпадает с e-mail партнёра',
  phone: 'Телефон заказа совпадает с телефоном партнёра',
  inn: 'ИНН организации в заказе совпадает с ИНН из реквизитов партнёра',
  ip: 'Заказ сделан с IP-адреса, с которого партнёр входил в кабинет',
  device: 'Заказ сделан с устройства, с которого партнёр входил в кабинет',
};

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const asNumber = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The evidence of a fraud event in words, for the CRM (one line per fact). */
export function describeFraudEvidence(rule: FraudRule, evidence: Record<string, unknown>): string[] {
  switch (rule) {
    case 'SELF_REFERRAL':
    case 'OWN_SIGN_IN':
      return asList(evidence.matches).map((match) => MATCH_LABELS[match] ?? match);
    case 'DISPOSABLE_EMAIL':
      return [`E-mail заказа на одноразовом домене ${String(evidence.domain ?? '')}`];
    case 'SHARED_CUSTOMER':
      return [
        `E-mail клиента ${String(evidence.email ?? '')} за 30 дней приписан и другому партнёру: ${asList(evidence.otherPartners).join(', ')}`,
      ];
    case 'CLICK_SPIKE':
      return [
        `${asNumber(evidence.clicks24h)} кликов за сутки при среднем ${asNumber(evidence.dailyAverage7d)} в день за прошлую неделю, ни одного заказа`,
      ];
    case 'MANY_CANCELLATIONS':
      return [
        `Отменено ${asNumber(evidence.cancelled)} из ${asNumber(evidence.orders)} заказов партнёра за 30 дней`,
      ];
  }
}

export const FraudEventsQuerySchema = z.object({
  partnerId: IdSchema.optional(),
  rule: FraudRuleSchema.optional(),
  status: FraudEventStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type FraudEventsQuery = z.infer<typeof FraudEventsQuerySchema>;

export const FraudEventSchema = z.object({
  id: z.string(),
  rule: FraudRuleSchema,
  status: FraudEventStatusSchema,
  partner: z.object({ id: z.string(), name: z.string(), email: z.string(), status: PartnerStatusSchema }),
  order: z.object({ id: z.string(), number: z.number() }).nullable(),
  evidence: z.array(z.string()),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type FraudEvent = z.infer<typeof FraudEventSchema>;

export const FraudEventsResponseSchema = z.object({
  items: z.array(FraudEventSchema),
  total: z.number().int(),
  /** Every partner with events, and how many of theirs are OPEN (the grouping and the partner filter). */
  partners: z.array(z.object({ id: z.string(), name: z.string(), openCount: z.number().int() })),
});
export type FraudEventsResponse = z.infer<typeof FraudEventsResponseSchema>;

export const FraudResolutionRequestSchema = z.object({
  note: z
    .string({ message: PARTNER_MESSAGES.fraudNoteRequired })
    .trim()
    .min(1, { message: PARTNER_MESSAGES.fraudNoteRequired })
    .max(1000),
});
export type FraudResolutionRequest = z.infer<typeof FraudResolutionRequestSchema>;

export const FraudResolutionResponseSchema = z.object({
  success: z.literal(true),
  status: FraudEventStatusSchema,
  /** reverse: whether the order's commission was reversed (false: none, or already paid). */
  commissionReversed: z.boolean().optional(),
  /** ban: how many open events of the partner were closed with it. */
  resolvedEvents: z.number().int().optional(),
});
export type FraudResolutionResponse = z.infer<typeof FraudResolutionResponseSchema>;

const IsoDaySchema = calendarDate(MESSAGES.invalidDate);

export const PartnerAnalyticsQuerySchema = z
  .object({ from: IsoDaySchema, to: IsoDaySchema })
  .refine((value) => value.from <= value.to, { path: ['to'], message: MESSAGES.invalidDate })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 366 * 86_400_000 * 3, {
    path: ['from'],
    message: MESSAGES.invalidDate,
  });
export type PartnerAnalyticsQuery = z.infer<typeof PartnerAnalyticsQuerySchema>;

const AnalyticsFiguresSchema = z.object({
  clicks: z.number().int(),
  orders: z.number().int(),
  /** Roubles: paid by the partner's customers, net of refunds. */
  revenue: z.number(),
  commission: z.number(),
  /** revenue − commission. */
  margin: z.number(),
  /** orders / clicks in percent, null without clicks. */
  conversion: z.number().nullable(),
});

export const PartnerAnalyticsResponseSchema = z.object({
  partners: z.array(
    AnalyticsFiguresSchema.extend({ partnerId: z.string(), name: z.string(), type: PartnerTypeSchema }),
  ),
  byType: z.array(AnalyticsFiguresSchema.extend({ type: z.enum(PARTNER_TYPES) })),
  totals: AnalyticsFiguresSchema,
});
export type PartnerAnalyticsResponse = z.infer<typeof PartnerAnalyticsResponseSchema>;
