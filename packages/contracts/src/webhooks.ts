import { z } from './zod.ts';
import { IdSchema } from './common.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from './partner-constants.ts';

// Module webhooks (issue 20, decision 071): an integrator's endpoints, the events they hear, the delivery log.

export const WEBHOOK_LIMITS = {
  /** Endpoints per partner (checked under a lock of the partner's row). */
  endpointsMax: 5,
  urlMax: 2000,
  descriptionMax: 200,
  /** A delivery is tried this many times in all (the first and its retries with backoff). */
  attemptsMax: 6,
  /** Deliveries failed in a row (each after all its attempts) that disable an endpoint. */
  failuresToDisable: 5,
  timeoutSeconds: 10,
  /** How old a signed timestamp a receiver should still accept. */
  replayWindowSeconds: 300,
} as const;

/** The headers of every delivery; the signature is `v1=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const WEBHOOK_HEADERS = {
  id: 'Webhook-Id',
  timestamp: 'Webhook-Timestamp',
  signature: 'Webhook-Signature',
} as const;
/** The type of the event the «Отправить тестовое событие» button sends. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_EVENT_LABELS = {
  'order.created': 'Заказ создан',
  'order.paid': 'Заказ оплачен',
  'order.status_changed': 'Статус заказа изменён',
  'commission.created': 'Начислена комиссия',
  'commission.paid': 'Комиссия выплачена',
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], string>;
export const WEBHOOK_ENDPOINT_STATUS_LABELS = {
  ACTIVE: 'Активен',
  DISABLED: 'Отключён',
} as const satisfies Record<(typeof WEBHOOK_ENDPOINT_STATUSES)[number], string>;
export const WEBHOOK_DELIVERY_STATUS_LABELS = {
  PENDING: 'Отправляется',
  SUCCEEDED: 'Доставлено',
  FAILED: 'Не доставлено',
} as const satisfies Record<(typeof WEBHOOK_DELIVERY_STATUSES)[number], string>;

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
export const WebhookEndpointStatusSchema = z.enum(WEBHOOK_ENDPOINT_STATUSES);
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** An absolute http(s) address without credentials; the server also refuses private addresses (SSRF). */
export function isWebhookUrlShape(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
}

const UrlSchema = z
  .string({ message: PARTNER_MESSAGES.webhookUrlInvalid })
  .trim()
  .min(1, { message: PARTNER_MESSAGES.webhookUrlInvalid })
  .max(WEBHOOK_LIMITS.urlMax, { message: PARTNER_MESSAGES.webhookUrlInvalid })
  .refine(isWebhookUrlShape, { message: PARTNER_MESSAGES.webhookUrlInvalid });
const DescriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMax, { message: PARTNER_MESSAGES.webhookDescriptionTooLong });
const EventsSchema = z
  .array(WebhookEventTypeSchema, { message: PARTNER_MESSAGES.webhookEventsRequired })
  .min(1, { message: PARTNER_MESSAGES.webhookEventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const WebhookEndpointCreateRequestSchema = z.object({
  url: UrlSchema,
  description: DescriptionSchema.optional(),
  events: EventsSchema,
});
export type WebhookEndpointCreateRequest = z.input<typeof WebhookEndpointCreateRequestSchema>;

/** Change the events or the description, or switch the endpoint on or off. */
export const WebhookEndpointUpdateRequestSchema = z.object({
  description: DescriptionSchema.optional(),
  events: EventsSchema.optional(),
  status: WebhookEndpointStatusSchema.optional(),
});
export type WebhookEndpointUpdateRequest = z.input<typeof WebhookEndpointUpdateRequestSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(WebhookEventTypeSchema),
  status: WebhookEndpointStatusSchema,
  consecutiveFailures: z.number().int(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  lastDelivery: z
    .object({
      status: WebhookDeliveryStatusSchema,
      responseCode: z.number().int().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListResponseSchema = z.object({
  items: z.array(WebhookEndpointSchema),
  limit: z.number().int(),
});
export type WebhookEndpointListResponse = z.infer<typeof WebhookEndpointListResponseSchema>;

/** The signing secret is in this answer only (creation, rotation); it is never shown again. */
export const WebhookSecretResponseSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponseSchema>;

export const WebhookEndpointParamsSchema = z.object({ id: IdSchema });
export const WebhookDeliveryParamsSchema = z.object({ id: IdSchema, deliveryId: IdSchema });

export const WebhookDeliveryQuerySchema = z.object({
  status: WebhookDeliveryStatusSchema.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuerySchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListResponseSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponseSchema>;

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** AUTO: the queue's attempt; RESEND: «Отправить повторно»; TEST: the test event. */
  manual: z.enum(['AUTO', 'RESEND', 'TEST']),
  at: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliveryDetailSchema = WebhookDeliverySchema.extend({
  /** Exactly the JSON that is sent (the body the signature covers). */
  payload: z.record(z.string(), z.unknown()),
  attemptsLog: z.array(WebhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetailSchema>;
