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

// ---- Journeys: funnel, touchpoints, attribution, lead scoring (decision 068) ----

/** The channel of an order without any recorded touch, and the label of a touch without a campaign or source. */
export const NO_TOUCH_CHANNEL = 'direct';
export const NO_DATA_LABEL = '(нет данных)';

/** The funnel's conversion window choices (days from the session's start to its paid stage). */
export const FUNNEL_WINDOW_DAYS = [1, 3, 7, 14, 30, 90] as const;

const sortKey = <const T extends readonly [string, ...string[]]>(keys: T, fallback: T[number]) =>
  z
    .enum(keys, { message: MARKETING_MESSAGES.reportSortInvalid })
    .optional()
    .transform((value) => value ?? fallback);

export const FUNNEL_BREAKDOWN_SORTS = [
  '-entered',
  'entered',
  '-paid',
  'paid',
  '-conversion',
  'conversion',
  'key',
  '-key',
] as const;
export const FunnelQuerySchema = MarketingReportQuerySchema.and(
  z.object({
    windowDays: z.coerce
      .number()
      .int()
      .refine((value) => (FUNNEL_WINDOW_DAYS as readonly number[]).includes(value), {
        message: MARKETING_MESSAGES.funnelWindowInvalid,
      })
      .optional()
      .transform((value) => value ?? 30),
    sort: sortKey(FUNNEL_BREAKDOWN_SORTS, '-entered'),
  }),
);
export type FunnelQuery = z.infer<typeof FunnelQuerySchema>;

const percent = z.number().nullable();

export const FunnelStageRowSchema = z.object({
  stage: z.enum(MARKETING_FUNNEL_STAGES),
  /** Distinct sessions that reached the stage in the period. */
  sessions: z.number().int(),
  /** sessions / the previous stage's sessions, % (null: the previous stage has none). */
  fromPrevious: percent,
  /** sessions / sessions that entered the funnel, %. */
  fromEntered: percent,
  /** The previous stage's sessions minus this stage's (0 for the first stage). */
  dropOff: z.number().int(),
  /** Median minutes from the previous stage to this one, over sessions that reached both. */
  medianMinutesFromPrevious: z.number().nullable(),
});
export type FunnelStageRow = z.infer<typeof FunnelStageRowSchema>;

export const FunnelBreakdownRowSchema = z.object({
  key: z.string(),
  entered: z.number().int(),
  stages: z.record(z.enum(MARKETING_FUNNEL_STAGES), z.number().int()),
  paid: z.number().int(),
  /** paid / entered, %. */
  conversion: percent,
});
export type FunnelBreakdownRow = z.infer<typeof FunnelBreakdownRowSchema>;

const FunnelFiguresSchema = z.object({
  /** Distinct sessions with any funnel stage in the period. */
  entered: z.number().int(),
  stages: z.array(FunnelStageRowSchema),
  /** Sessions whose paid stage (in the period) came within `windowDays` of the session's start. */
  paidWithinWindow: z.number().int(),
  /** paidWithinWindow / entered, %. */
  windowConversion: percent,
});

export const FunnelReportSchema = FunnelFiguresSchema.extend({
  windowDays: z.number().int(),
  byChannel: z.array(FunnelBreakdownRowSchema),
  byDevice: z.array(FunnelBreakdownRowSchema),
  previous: FunnelFiguresSchema.extend({ from: z.string(), to: z.string() }).nullable(),
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

/** One touch of an order's path: a session of its visitor that started before the order, within the window. */
export const TouchSchema = z.object({
  sessionId: z.string(),
  channel: z.string(),
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  at: z.string(),
});
export type Touch = z.infer<typeof TouchSchema>;

export const TouchpointsQuerySchema = MarketingReportQuerySchema.and(
  z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .transform((value) => value ?? 20),
    cursor: z.string().max(200).optional(),
  }),
);
export type TouchpointsQuery = z.infer<typeof TouchpointsQuerySchema>;

export const TouchpointOrderSchema = z.object({
  orderId: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  isPaid: z.boolean(),
  amount: z.number(),
  touches: z.array(TouchSchema),
  /** Whole days from the first touch to the order (0 without touches). */
  days: z.number().int(),
});
export type TouchpointOrder = z.infer<typeof TouchpointOrderSchema>;

export const TouchpointsResponseSchema = z.object({
  items: z.array(TouchpointOrderSchema),
  nextCursor: z.string().nullable(),
  /** Orders of the period matching the filters, and their average number of touches. */
  total: z.number().int(),
  averageTouches: z.number().nullable(),
  previous: z.object({ total: z.number().int(), averageTouches: z.number().nullable() }).nullable(),
});
export type TouchpointsResponse = z.infer<typeof TouchpointsResponseSchema>;

export const ATTRIBUTION_METRICS = ['orders', 'revenue', 'margin'] as const;
export type AttributionMetric = (typeof ATTRIBUTION_METRICS)[number];
export const ATTRIBUTION_METRIC_LABELS = {
  orders: 'Оплаченные заказы',
  revenue: 'Выручка',
  margin: 'Маржа',
} as const satisfies Record<AttributionMetric, string>;
export const ATTRIBUTION_SORTS = [
  'key',
  '-key',
  ...ATTRIBUTION_MODELS.flatMap((model) => [model, `-${model}`] as const),
] as const;

export const AttributionQuerySchema = MarketingReportQuerySchema.and(
  z.object({
    groupBy: z
      .enum(['channel', 'campaign'])
      .optional()
      .transform((value) => value ?? 'channel'),
    metric: z
      .enum(ATTRIBUTION_METRICS)
      .optional()
      .transform((value) => value ?? 'revenue'),
    sort: z
      .enum(ATTRIBUTION_SORTS as unknown as [string, ...string[]], {
        message: MARKETING_MESSAGES.reportSortInvalid,
      })
      .optional()
      .transform((value) => value ?? '-last_touch'),
  }),
);
export type AttributionQuery = z.infer<typeof AttributionQuerySchema>;

/** What one model credits to one row: orders in hundredths summed to whole orders, money in roubles. */
export const AttributionCreditSchema = z.object({
  orders: z.number(),
  revenue: z.number(),
  margin: z.number(),
});
export type AttributionCredit = z.infer<typeof AttributionCreditSchema>;

export const AttributionRowSchema = z.object({
  key: z.string(),
  models: z.record(z.enum(ATTRIBUTION_MODELS), AttributionCreditSchema),
  /** The same row in the previous period (compare). */
  previous: z.record(z.enum(ATTRIBUTION_MODELS), AttributionCreditSchema).nullable(),
});
export type AttributionRow = z.infer<typeof AttributionRowSchema>;

export const AttributionReportSchema = z.object({
  groupBy: z.enum(['channel', 'campaign']),
  metric: z.enum(ATTRIBUTION_METRICS),
  rows: z.array(AttributionRowSchema),
  /** The period's paid orders and their revenue and margin: every model's column adds up to these. */
  totals: AttributionCreditSchema,
  previousTotals: AttributionCreditSchema.nullable(),
  windowHours: z.number().int(),
  halfLifeHours: z.number().int(),
});
export type AttributionReport = z.infer<typeof AttributionReportSchema>;

export const LeadScoringQuerySchema = MarketingReportQuerySchema;

export const ScoredSessionSchema = z.object({
  sessionId: z.string(),
  startedAt: z.string(),
  channel: z.string(),
  campaign: z.string().nullable(),
  deviceType: z.string().nullable(),
  events: z.number().int(),
  score: z.number(),
  isHot: z.boolean(),
});
export type ScoredSession = z.infer<typeof ScoredSessionSchema>;

/** A hot lead: contact data comes only from its order (never from a form left unsubmitted). */
export const HotLeadSchema = ScoredSessionSchema.extend({
  customerId: z.string().nullable(),
  order: z
    .object({
      id: z.string(),
      number: z.number().int(),
      name: z.string(),
      email: z.string(),
      phoneNumber: z.string(),
      isPaid: z.boolean(),
    })
    .nullable(),
});
export type HotLead = z.infer<typeof HotLeadSchema>;

export const LeadScoringReportSchema = z.object({
  /** The configured rules the scores were computed with (edited on the page through the analytics config). */
  // The response shape of analytics.ts#LeadScoreRuleSchema (which imports this file: no cycle).
  rules: z.array(
    z.object({
      eventType: z.string(),
      eventAction: z.string().nullable().optional(),
      points: z.number().int(),
      decayDays: z.number().int(),
    }),
  ),
  threshold: z.number().int(),
  scoredSessions: z.number().int(),
  /** The top sessions by score (at most 100). */
  sessions: z.array(ScoredSessionSchema),
  hotLeads: z.array(HotLeadSchema),
  previous: z.object({ scoredSessions: z.number().int(), hotLeads: z.number().int() }).nullable(),
});
export type LeadScoringReport = z.infer<typeof LeadScoringReportSchema>;
