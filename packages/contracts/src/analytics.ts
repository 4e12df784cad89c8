import { z } from './zod.ts';
import { ATTRIBUTION_MODELS } from './marketing.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';
import { MARKETING_MESSAGES } from './messages-marketing.ts';
import { ANALYTICS_BATCH_MAX_ITEMS, BROWSER_FUNNEL_STAGES, isIpRange } from './analytics-rules.ts';

const shortText = (max = 200) => z.string().trim().max(max);
const optionalText = (max = 200) => shortText(max).nullable().optional();
/** Values go to double precision columns; anything beyond ±10¹² is a mistake or an attack (decision 021). */
const analyticsNumber = () =>
  z
    .number({ message: MESSAGES.numberOutOfRange })
    .min(-1e12, { message: MESSAGES.numberOutOfRange })
    .max(1e12, { message: MESSAGES.numberOutOfRange });

/** A session, visitor or client event id: the tracker's random UUIDs; letters, digits, dashes and underscores. */
const analyticsId = () =>
  z
    .string()
    .trim()
    .min(8, { message: MARKETING_MESSAGES.analyticsIdInvalid })
    .max(100, { message: MARKETING_MESSAGES.analyticsIdInvalid })
    .regex(/^[\w-]+$/, { message: MARKETING_MESSAGES.analyticsIdInvalid });
export const AnalyticsSessionIdSchema = analyticsId();
/** The browser's id of one event, conversion or funnel stage: a retried beacon is stored once. */
export const AnalyticsClientEventIdSchema = analyticsId();

const UtmFields = {
  utmSource: optionalText(),
  utmMedium: optionalText(),
  utmCampaign: optionalText(),
  utmContent: optionalText(),
  utmTerm: optionalText(),
};

/**
 * What the browser tells about its session (spec 3). Device type, browser and OS are parsed by the server from
 * the User-Agent header, and the channel is the server's too (the spec 4 rule); values sent for them are ignored.
 */
const AnalyticsSessionFields = {
  visitorId: analyticsId().nullable().optional(),
  landingPage: optionalText(2000),
  referer: optionalText(2000),
  userAgent: optionalText(1000),
  deviceType: optionalText(50),
  browserName: optionalText(100),
  operatingSystem: optionalText(100),
  ...UtmFields,
  gclid: optionalText(),
  yclid: optionalText(),
  fbclid: optionalText(),
};
export const AnalyticsSessionRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  ...AnalyticsSessionFields,
});
export type AnalyticsSessionRequest = z.infer<typeof AnalyticsSessionRequestSchema>;

/** Form data sent with events: flat values only; secrets never leave the browser (and are dropped here too). */
export const AnalyticsFormDataSchema = z
  .record(z.string().max(100), z.union([multiline(z.string()), analyticsNumber(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, { message: 'Слишком много полей' });

const AnalyticsEventFields = {
  clientEventId: AnalyticsClientEventIdSchema.optional(),
  eventType: shortText(100).min(1),
  eventCategory: optionalText(100),
  eventAction: optionalText(100),
  eventLabel: optionalText(200),
  eventValue: analyticsNumber().nullable().optional(),
  pagePath: optionalText(2000),
  pageTitle: optionalText(500),
  formData: AnalyticsFormDataSchema.nullable().optional(),
  isConversion: z.boolean().optional(),
};
export const AnalyticsEventRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  ...AnalyticsEventFields,
});
export type AnalyticsEventRequest = z.infer<typeof AnalyticsEventRequestSchema>;

const ConversionFields = {
  clientEventId: AnalyticsClientEventIdSchema.optional(),
  conversionType: shortText(100).min(1),
  conversionValue: analyticsNumber().nullable().optional(),
  orderId: z.uuid().nullable().optional(),
};
export const ConversionRequestSchema = z.object({ sessionId: AnalyticsSessionIdSchema, ...ConversionFields });
export type ConversionRequest = z.infer<typeof ConversionRequestSchema>;

const FunnelStageFields = {
  clientEventId: AnalyticsClientEventIdSchema.optional(),
  /** The browser's stages only: `order_created` and `paid` are the server's. */
  stage: z.enum(BROWSER_FUNNEL_STAGES, { message: MARKETING_MESSAGES.analyticsStageInvalid }),
  source: optionalText(100),
  value: analyticsNumber().nullable().optional(),
  metadata: z
    .record(z.string().max(100), z.union([shortText(200), analyticsNumber(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, { message: 'Слишком много полей' })
    .nullable()
    .optional(),
  /** Ignored: the user is the signed-in caller, never taken from the body. */
  userId: z.uuid().nullable().optional(),
  orderId: z.uuid().nullable().optional(),
  ...UtmFields,
};
export const FunnelStageRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  ...FunnelStageFields,
});
export type FunnelStageRequest = z.infer<typeof FunnelStageRequestSchema>;

/** One item of a batch; the session id is the batch's. */
export const AnalyticsBatchItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    ...AnalyticsEventFields,
    clientEventId: AnalyticsClientEventIdSchema,
  }),
  z.object({
    kind: z.literal('conversion'),
    ...ConversionFields,
    clientEventId: AnalyticsClientEventIdSchema,
  }),
  z.object({
    kind: z.literal('funnel_stage'),
    ...FunnelStageFields,
    clientEventId: AnalyticsClientEventIdSchema,
  }),
]);
export type AnalyticsBatchItem = z.infer<typeof AnalyticsBatchItemSchema>;

/**
 * `POST /api/analytics/batch`: what the tracker sends with sendBeacon / fetch keepalive. The session's own data
 * comes with the first batch of a page load; every item carries its client id (idempotent per session).
 */
export const AnalyticsBatchRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  session: z.object(AnalyticsSessionFields).nullable().optional(),
  items: z
    .array(AnalyticsBatchItemSchema)
    .max(ANALYTICS_BATCH_MAX_ITEMS, { message: MARKETING_MESSAGES.analyticsBatchTooLarge }),
});
export type AnalyticsBatchRequest = z.infer<typeof AnalyticsBatchRequestSchema>;

export const AcceptedResponseSchema = z.object({ success: z.literal(true) });

/** `GET /api/analytics/counters` (public): the optional third-party counters the public pages load. */
export const AnalyticsCountersResponseSchema = z.object({
  yandexMetricaId: z.string().nullable(),
  ga4MeasurementId: z.string().nullable(),
});
export type AnalyticsCountersResponse = z.infer<typeof AnalyticsCountersResponseSchema>;

/**
 * A lead-scoring rule (issue 19, /crm/marketing/lead-scoring): each event of `eventType` (optionally only with
 * `eventAction`) in a session adds `points`; an event whose Moscow day is `decayDays` calendar days before the
 * report's day or more counts half, twice that a quarter, … (0: no decay; decision 097).
 */
export const LeadScoreRuleSchema = z.object({
  eventType: shortText(100).min(1),
  eventAction: optionalText(100),
  points: z.number().int().min(-1000).max(1000),
  decayDays: z.number().int().min(0).max(365),
});
export type LeadScoreRule = z.infer<typeof LeadScoreRuleSchema>;

/** `GET/POST /api/marketing/analytics-config` (ADMIN; spec 7 leaves the payload open: decision of issue 19). */
export const AnalyticsConfigSchema = z.object({
  /** Spec 9: 720 hours. */
  attributionWindowHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 366),
  defaultAttributionModel: z.enum(ATTRIBUTION_MODELS),
  timeDecayHalfLifeHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 366),
  leadScoreRules: z.array(LeadScoreRuleSchema).max(50),
  hotLeadThreshold: z.number().int().min(1).max(100_000),
  retentionDays: z
    .number()
    .int()
    .min(30)
    .max(3 * 366),
  internalIpRanges: z
    .array(shortText(50).min(1).refine(isIpRange, { message: MARKETING_MESSAGES.analyticsIpRangeInvalid }))
    .max(100),
  testEmails: z.array(z.email().max(254)).max(100),
  yandexMetricaId: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/)
    .nullable(),
  ga4MeasurementId: z
    .string()
    .trim()
    .regex(/^G-[A-Z0-9]{4,16}$/)
    .nullable(),
});
export type AnalyticsConfig = z.infer<typeof AnalyticsConfigSchema>;
