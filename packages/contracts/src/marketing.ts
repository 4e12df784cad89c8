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
/**
 * Decision 088: distinct visitors are counted exactly over a period of up to this many days (a calendar month, as
 * Matomo does for a day, a week and a month); over a longer period a visitor counts once per Moscow day and the
 * figure is the sum of the days' visitors.
 */
export const MARKETING_EXACT_VISITORS_MAX_DAYS = 31;
/** Whether a period's visitors are the sum of its days' (decision 088). */
export const visitorsSummedByDay = (period: { from: string; to: string }) =>
  (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1 > MARKETING_EXACT_VISITORS_MAX_DAYS;

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

// ---- Reports built on the query above (/crm/marketing, campaigns, analytics, utm-builder, sources-report) ----

/** Money of one group: orders placed, paid orders, their paid revenue and margin (roubles). */
const MoneyFiguresSchema = z.object({
  /** Orders created in the period (not deleted; cancelled ones included: they were placed). */
  orders: z.number().int(),
  /** Of those, paid and live (orderMoneySql): the ones revenue and margin come from. */
  paidOrders: z.number().int(),
  revenue: z.number(),
  margin: z.number(),
});

/** Sessions and visitors of the public site (internal sessions left out). */
const TrafficFiguresSchema = z.object({
  sessions: z.number().int(),
  visitors: z.number().int(),
});

const RatioSchema = z.number().nullable();

export const MarketingDashboardTotalsSchema = TrafficFiguresSchema.extend(MoneyFiguresSchema.shape).extend({
  /** Orders / sessions, %; null without sessions. */
  conversion: RatioSchema,
  /** Spend pro-rated to the period (roubles). */
  spend: z.number(),
  /** Customers whose first paid order was created in the period. */
  newCustomers: z.number().int(),
  /** Spend / new paying customers; null when nobody new paid. */
  cac: RatioSchema,
  /** (margin − spend) / spend, %; null without spend. */
  romi: RatioSchema,
});
export type MarketingDashboardTotals = z.infer<typeof MarketingDashboardTotalsSchema>;

export const MarketingDashboardResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: MarketingDashboardTotalsSchema,
  previous: z
    .object({
      period: z.object({ from: z.string(), to: z.string() }),
      totals: MarketingDashboardTotalsSchema,
    })
    .nullable(),
  /** One row per channel ('' when the order or session has none). */
  byChannel: z.array(MarketingDashboardTotalsSchema.extend({ channel: z.string() })),
  /** Every day of the period (Moscow), zeros included. */
  byDay: z.array(
    z.object({
      date: z.string(),
      sessions: z.number().int(),
      visitors: z.number().int(),
      orders: z.number().int(),
      revenue: z.number(),
      margin: z.number(),
    }),
  ),
});
export type MarketingDashboardResponse = z.infer<typeof MarketingDashboardResponseSchema>;

/** Sources × medium (/crm/marketing/sources-report). */
const SourceFiguresSchema = TrafficFiguresSchema.extend(MoneyFiguresSchema.shape).extend({
  conversion: RatioSchema,
});
export const MarketingSourcesResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: SourceFiguresSchema,
  previous: SourceFiguresSchema.nullable(),
  rows: z.array(SourceFiguresSchema.extend({ source: z.string(), medium: z.string() })),
});
export type MarketingSourcesResponse = z.infer<typeof MarketingSourcesResponseSchema>;

/** Events explorer (/crm/marketing/analytics). */
const CountRowSchema = z.object({ key: z.string(), count: z.number().int() });
export const MarketingEventsResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({ events: z.number().int(), sessions: z.number().int(), conversions: z.number().int() }),
  previous: z
    .object({ events: z.number().int(), sessions: z.number().int(), conversions: z.number().int() })
    .nullable(),
  events: z.array(
    z.object({
      eventType: z.string(),
      eventCategory: z.string(),
      eventAction: z.string(),
      pagePath: z.string(),
      count: z.number().int(),
      sessions: z.number().int(),
    }),
  ),
  topPages: z.array(CountRowSchema),
  devices: z.array(CountRowSchema),
  browsers: z.array(CountRowSchema),
  byDay: z.array(z.object({ date: z.string(), events: z.number().int() })),
});
export type MarketingEventsResponse = z.infer<typeof MarketingEventsResponseSchema>;

// ---- Campaigns ----

const requiredText = (max: number) =>
  z
    .string({ message: MARKETING_MESSAGES.textRequired })
    .trim()
    .min(1, { message: MARKETING_MESSAGES.textRequired })
    .max(max, { message: MARKETING_MESSAGES.textTooLong });
const optionalTag = z
  .string()
  .trim()
  .max(200, { message: MARKETING_MESSAGES.textTooLong })
  .nullish()
  .transform((value) => (value ? value : null));
/** A UTM value: what a link may carry without escaping surprises (no spaces at the ends, no control characters). */
const utmTag = requiredText(200).regex(/^[^\s?&#=][^?&#=]*$/u, { message: MARKETING_MESSAGES.utmTagInvalid });
const optionalUtmTag = z
  .string()
  .trim()
  .max(200, { message: MARKETING_MESSAGES.textTooLong })
  .regex(/^[^?&#=]*$/u, { message: MARKETING_MESSAGES.utmTagInvalid })
  .nullish()
  .transform((value) => (value ? value : null));
const optionalDate = isoDateField.nullish().transform((value) => value ?? null);

export const MarketingCampaignRequestSchema = z
  .object({
    name: requiredText(200),
    utmCampaign: utmTag,
    utmSource: optionalTag,
    channel: optionalTag,
    startsOn: optionalDate,
    endsOn: optionalDate,
  })
  .refine((value) => !value.startsOn || !value.endsOn || value.startsOn <= value.endsOn, {
    message: MARKETING_MESSAGES.reportPeriodInvalid,
    path: ['endsOn'],
  });
export type MarketingCampaignRequest = z.infer<typeof MarketingCampaignRequestSchema>;

export const MarketingSpendRequestSchema = z
  .object({
    periodStart: isoDateField,
    periodEnd: isoDateField,
    /** Roubles with kopecks. */
    amount: z
      .number({ message: MARKETING_MESSAGES.spendInvalid })
      .multipleOf(0.01, { message: MARKETING_MESSAGES.spendInvalid })
      .min(0.01, { message: MARKETING_MESSAGES.spendInvalid })
      .max(100_000_000, { message: MARKETING_MESSAGES.spendInvalid }),
    note: optionalTag,
  })
  .refine((value) => value.periodStart <= value.periodEnd, {
    message: MARKETING_MESSAGES.reportPeriodInvalid,
    path: ['periodEnd'],
  })
  .refine(
    (value) =>
      (Date.parse(value.periodEnd) - Date.parse(value.periodStart)) / 86_400_000 < MARKETING_REPORT_MAX_DAYS,
    { message: MARKETING_MESSAGES.reportPeriodTooLong, path: ['periodEnd'] },
  );
export type MarketingSpendRequest = z.infer<typeof MarketingSpendRequestSchema>;

export const MarketingIdParamsSchema = z.object({ id: z.uuid({ message: MARKETING_MESSAGES.notFound }) });
export const MarketingSpendParamsSchema = z.object({
  id: z.uuid({ message: MARKETING_MESSAGES.notFound }),
  spendId: z.uuid({ message: MARKETING_MESSAGES.notFound }),
});

export const MarketingSpendSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type MarketingSpend = z.infer<typeof MarketingSpendSchema>;

export const MarketingCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  utmCampaign: z.string(),
  utmSource: z.string().nullable(),
  channel: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  archivedAt: z.string().nullable(),
  spend: z.array(MarketingSpendSchema),
});
export type MarketingCampaign = z.infer<typeof MarketingCampaignSchema>;

const CampaignFiguresSchema = TrafficFiguresSchema.extend(MoneyFiguresSchema.shape).extend({
  /** Spend pro-rated to the report period by days. */
  spend: z.number(),
  newCustomers: z.number().int(),
  /** spend / orders */
  cpa: RatioSchema,
  /** spend / new paying customers */
  cac: RatioSchema,
  /** revenue / spend (times) */
  roas: RatioSchema,
  /** (revenue − spend) / spend, % */
  romiRevenue: RatioSchema,
  /** (margin − spend) / spend, % */
  romiMargin: RatioSchema,
});
export type MarketingCampaignFigures = z.infer<typeof CampaignFiguresSchema>;

export const MarketingCampaignsQuerySchema = MarketingReportQuerySchema.and(
  z.object({
    archived: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  }),
);
export type MarketingCampaignsQuery = z.infer<typeof MarketingCampaignsQuerySchema>;

export const MarketingCampaignsResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  items: z.array(MarketingCampaignSchema.extend({ figures: CampaignFiguresSchema })),
  totals: CampaignFiguresSchema,
  previous: CampaignFiguresSchema.nullable(),
});
export type MarketingCampaignsResponse = z.infer<typeof MarketingCampaignsResponseSchema>;

// ---- UTM links ----

/**
 * The link a UTM builder makes may lead to our own site (any scheme, e.g. http://localhost in development) or to
 * any other https address; the site origin is passed in (the API's PUBLIC_URL, the web's location).
 */
export function isAllowedUtmBaseUrl(value: string, siteOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  try {
    return url.origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

/** The base URL with the UTM tags set (existing utm_* of the base are replaced; other parameters kept). */
export function buildUtmUrl(link: {
  baseUrl: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent?: string | null;
  utmTerm?: string | null;
}): string {
  const url = new URL(link.baseUrl);
  const tags: Array<[string, string | null | undefined]> = [
    ['utm_source', link.utmSource],
    ['utm_medium', link.utmMedium],
    ['utm_campaign', link.utmCampaign],
    ['utm_content', link.utmContent],
    ['utm_term', link.utmTerm],
  ];
  for (const [key, value] of tags) {
    url.searchParams.delete(key);
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}

export const MarketingUtmLinkRequestSchema = z.object({
  name: requiredText(200),
  baseUrl: z
    .string({ message: MARKETING_MESSAGES.baseUrlInvalid })
    .trim()
    .min(1, { message: MARKETING_MESSAGES.baseUrlInvalid })
    .max(2000, { message: MARKETING_MESSAGES.baseUrlInvalid })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: MARKETING_MESSAGES.baseUrlInvalid,
    }),
  utmSource: utmTag,
  utmMedium: utmTag,
  utmCampaign: utmTag,
  utmContent: optionalUtmTag,
  utmTerm: optionalUtmTag,
});
export type MarketingUtmLinkRequest = z.infer<typeof MarketingUtmLinkRequestSchema>;

export const MarketingUtmLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  url: z.string(),
  utmSource: z.string(),
  utmMedium: z.string(),
  utmCampaign: z.string(),
  utmContent: z.string().nullable(),
  utmTerm: z.string().nullable(),
  createdAt: z.string(),
  /** Sessions with the same tags in the report period. */
  sessions: z.number().int(),
  orders: z.number().int(),
  paidOrders: z.number().int(),
  revenue: z.number(),
});
export type MarketingUtmLink = z.infer<typeof MarketingUtmLinkSchema>;

export const MarketingUtmLinksResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  items: z.array(MarketingUtmLinkSchema),
});
export type MarketingUtmLinksResponse = z.infer<typeof MarketingUtmLinksResponseSchema>;

/** The reports with a CSV export: GET /api/marketing/reports/:report/export.csv. */
export const MARKETING_CSV_REPORTS = ['dashboard', 'campaigns', 'events', 'utm-links', 'sources'] as const;
export type MarketingCsvReport = (typeof MARKETING_CSV_REPORTS)[number];
export const MarketingCsvParamsSchema = z.object({
  report: z.enum(MARKETING_CSV_REPORTS, { message: MARKETING_MESSAGES.notFound }),
});
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
      .min(1, { message: MARKETING_MESSAGES.funnelWindowInvalid })
      .max(90, { message: MARKETING_MESSAGES.funnelWindowInvalid })
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

/**
 * The hot leads a lead-scoring answer lists (and its CSV holds): those with the most points. A year of a busy
 * shop has thousands; the page says how many there are and asks to narrow the period or the channel.
 */
export const HOT_LEADS_SHOWN = 200;

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
  /** The hot leads with the most points, at most HOT_LEADS_SHOWN. */
  hotLeads: z.array(HotLeadSchema),
  /** All the period's hot leads. */
  hotLeadsTotal: z.number().int(),
  previous: z.object({ scoredSessions: z.number().int(), hotLeads: z.number().int() }).nullable(),
});
export type LeadScoringReport = z.infer<typeof LeadScoringReportSchema>;
