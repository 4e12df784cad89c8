import { z } from './zod.ts';
import { isoDateField } from './fields.ts';
import { MARKETING_MESSAGES } from './messages-marketing.ts';

// Module marketing (issue 19): the CRM marketing reports (/crm/marketing and its eight pages), campaigns with
// spend, saved UTM links. The ingestion and the analytics configuration are the analytics module's
// (`analytics.ts`).

/** The order funnel's stages in order (issue 19): `paid` is recorded by the server when the payment settles. */
export const MARKETING_FUNNEL_STAGES = [
  'landing',
  'calculator_used',
  'step_1',
  'step_2',
  'step_3',
  'order_created',
  'paid',
] as const;
export type MarketingFunnelStage = (typeof MARKETING_FUNNEL_STAGES)[number];
export const MARKETING_FUNNEL_STAGE_LABELS = {
  landing: 'Лендинг',
  calculator_used: 'Калькулятор',
  step_1: 'Шаг 1',
  step_2: 'Шаг 2',
  step_3: 'Шаг 3',
  order_created: 'Заказ создан',
  paid: 'Оплачен',
} as const satisfies Record<MarketingFunnelStage, string>;

/** The six attribution models of /crm/marketing/attribution. */
export const ATTRIBUTION_MODELS = [
  'first_touch',
  'last_touch',
  'last_non_direct',
  'linear',
  'position_based',
  'time_decay',
] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];
export const ATTRIBUTION_MODEL_LABELS = {
  first_touch: 'Первое касание',
  last_touch: 'Последнее касание',
  last_non_direct: 'Последнее непрямое',
  linear: 'Линейная',
  position_based: 'С учётом позиции (40/20/40)',
  time_decay: 'С распадом во времени',
} as const satisfies Record<AttributionModel, string>;

/** The widest period one report may cover. */
export const MARKETING_REPORT_MAX_DAYS = 3 * 366;

const filterText = z
  .string()
  .trim()
  .max(200, { message: MARKETING_MESSAGES.reportFilterTooLong })
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Every marketing report's query (and the web's URL): a period of Moscow calendar days, optional channel / source
 * / campaign filters, and whether to add the previous period of the same length for comparison.
 */
export const MarketingReportQuerySchema = z
  .object({
    from: isoDateField,
    to: isoDateField,
    channel: filterText,
    source: filterText,
    campaign: filterText,
    compare: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .refine((value) => value.from <= value.to, {
    message: MARKETING_MESSAGES.reportPeriodInvalid,
    path: ['to'],
  })
  .refine(
    (value) => (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 < MARKETING_REPORT_MAX_DAYS,
    { message: MARKETING_MESSAGES.reportPeriodTooLong, path: ['to'] },
  );
export type MarketingReportQuery = z.infer<typeof MarketingReportQuerySchema>;

/** The period just before [from, to] of the same number of days (for «по сравнению с прошлым периодом»). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - days * day), to: iso(start - day) };
}
