import { z } from './zod.ts';
import { ATTRIBUTION_MODELS } from './marketing.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

const shortText = (max = 200) => z.string().trim().max(max);
const optionalText = (max = 200) => shortText(max).nullable().optional();
/** Values go to double precision columns; anything beyond ±10¹² is a mistake or an attack (decision 021). */
const analyticsNumber = () =>
  z
    .number({ message: MESSAGES.numberOutOfRange })
    .min(-1e12, { message: MESSAGES.numberOutOfRange })
    .max(1e12, { message: MESSAGES.numberOutOfRange });

export const AnalyticsSessionIdSchema = z.string().trim().min(8).max(100);

const UtmFields = {
  utmSource: optionalText(),
  utmMedium: optionalText(),
  utmCampaign: optionalText(),
  utmContent: optionalText(),
  utmTerm: optionalText(),
};

export const AnalyticsSessionRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
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
});
export type AnalyticsSessionRequest = z.infer<typeof AnalyticsSessionRequestSchema>;

/** Form data sent with events: flat values only; secrets never leave the browser (and are dropped here too). */
export const AnalyticsFormDataSchema = z
  .record(z.string().max(100), z.union([multiline(z.string()), analyticsNumber(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, { message: 'Слишком много полей' });

export const AnalyticsEventRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  eventType: shortText(100).min(1),
  eventCategory: optionalText(100),
  eventAction: optionalText(100),
  eventLabel: optionalText(200),
  eventValue: analyticsNumber().nullable().optional(),
  pagePath: optionalText(2000),
  pageTitle: optionalText(500),
  formData: AnalyticsFormDataSchema.nullable().optional(),
  isConversion: z.boolean().optional(),
});
export type AnalyticsEventRequest = z.infer<typeof AnalyticsEventRequestSchema>;

export const ConversionRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  conversionType: shortText(100).min(1),
  conversionValue: analyticsNumber().nullable().optional(),
  orderId: z.uuid().nullable().optional(),
});
export type ConversionRequest = z.infer<typeof ConversionRequestSchema>;

export const FunnelStageRequestSchema = z.object({
  sessionId: AnalyticsSessionIdSchema,
  stage: shortText(100).min(1),
  source: optionalText(100),
  value: analyticsNumber().nullable().optional(),
  metadata: z.record(z.string().max(100), z.unknown()).nullable().optional(),
  userId: z.uuid().nullable().optional(),
  orderId: z.uuid().nullable().optional(),
  ...UtmFields,
});
export type FunnelStageRequest = z.infer<typeof FunnelStageRequestSchema>;

export const AcceptedResponseSchema = z.object({ success: z.literal(true) });

/** Spec 5: field names containing these never reach analytics; string values are cut to 100 characters. */
export const ANALYTICS_SECRET_FIELD_PATTERN = /password|card|token/i;
export const ANALYTICS_MAX_STRING = 100;

export function sanitizeAnalyticsFormData(
  data: Record<string, string | number | boolean | null>,
): Record<string, string | number | boolean | null> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => !ANALYTICS_SECRET_FIELD_PATTERN.test(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, ANALYTICS_MAX_STRING) : value]),
  );
}

/**
 * A lead-scoring rule (issue 19, /crm/marketing/lead-scoring): each event of `eventType` (optionally only with
 * `eventAction`) in a session adds `points`; an event older than `decayDays` counts half, twice that a quarter, …
 * (0: no decay).
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
  internalIpRanges: z.array(shortText(50).min(1)).max(100),
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
