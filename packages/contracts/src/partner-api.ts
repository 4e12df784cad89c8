import { z } from './zod.ts';
import { IdSchema, listResponse, MoneySchema } from './common.ts';
import { OrderStatusSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';
import {
  OrderStep1Schema,
  OrderStep2Schema,
  OrderStep3Schema,
  PriceBreakdownSchema,
  requireOrganization,
} from './orders.ts';
import { API_KEY_SCOPES } from './partner-constants.ts';

// Module partner-api (issue 20, decision 070): an integrator's API keys (/partner/integrator/api-keys) and the
// partner API under /api/v1/partner/… that a key calls (form parameters, price quote, orders).

export const API_KEY_LIMITS = {
  nameMax: 100,
  /** Keys not revoked, per partner: a cap enforced under the partner row's lock. */
  maxActive: 10,
  maxAllowedIps: 20,
  ipEntryMax: 50,
  prefixLength: 8,
  secretLength: 40,
} as const;

/** `pk_live_<prefix>_<secret>`: the prefix is shown in the list; the whole key only once, at creation. */
export const API_KEY_PATTERN = /^pk_live_([a-z0-9]{8})_([A-Za-z0-9]{40})$/;
/** The header an integrator may send the key in, instead of `Authorization: Bearer …`. */
export const API_KEY_HEADER = 'x-api-key';
/** Requests per minute one key may make (the server's default; the operator may change it). */
export const PARTNER_API_DEFAULT_RATE_LIMIT = 60;

export const API_KEY_SCOPE_LABELS = {
  quote: 'Расчёт цены',
  'orders:create': 'Создание заказов',
  'orders:read': 'Чтение своих заказов',
} as const satisfies Record<(typeof API_KEY_SCOPES)[number], string>;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, { message: PARTNER_MESSAGES.apiKeyScopesRequired });
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/**
 * POST /api/partner/integrator/api-keys. Each allowed address is an IPv4/IPv6 address or a CIDR range; the server
 * checks them with Node's own parser (node:net), the shape here only bounds them.
 */
export const ApiKeyCreateRequestSchema = z.object({
  name: z
    .string({ message: PARTNER_MESSAGES.apiKeyNameRequired })
    .trim()
    .min(1, { message: PARTNER_MESSAGES.apiKeyNameRequired })
    .max(API_KEY_LIMITS.nameMax, { message: PARTNER_MESSAGES.apiKeyNameRequired }),
  scopes: z
    .array(ApiKeyScopeSchema, { message: PARTNER_MESSAGES.apiKeyScopesRequired })
    .min(1, { message: PARTNER_MESSAGES.apiKeyScopesRequired })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      message: PARTNER_MESSAGES.apiKeyScopesRequired,
    }),
  allowedIps: z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: PARTNER_MESSAGES.apiKeyIpInvalid })
        .max(API_KEY_LIMITS.ipEntryMax, { message: PARTNER_MESSAGES.apiKeyIpInvalid })
        .regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/, { message: PARTNER_MESSAGES.apiKeyIpInvalid }),
    )
    .max(API_KEY_LIMITS.maxAllowedIps, { message: PARTNER_MESSAGES.apiKeyTooManyIps })
    .default([]),
});
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequestSchema>;
export type ApiKeyCreatePayload = z.output<typeof ApiKeyCreateRequestSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible part of the key (`pk_live_<prefix>_…`). */
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  allowedIps: z.array(z.string()),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListResponseSchema = listResponse(ApiKeySchema).extend({
  maxActive: z.number().int(),
});
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

/** The created key and, this once, its whole secret value. */
export const ApiKeyCreateResponseSchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type ApiKeyCreateResponse = z.infer<typeof ApiKeyCreateResponseSchema>;

// ---- the partner API (/api/v1/partner/…) ----

/** POST /api/v1/partner/quote: the order form's price for documents, languages, delivery and promo code. */
export const PartnerApiQuoteRequestSchema = OrderStep1Schema.pick({
  documentsWithQuantity: true,
  documentsAssurances: true,
  originalLanguage: true,
  targetLanguage: true,
  promoCode: true,
}).extend({
  /** Without a delivery the price has none (its line is added when an order chooses one). */
  deliveryId: z.uuid({ message: MESSAGES.unknownDelivery }).nullable().optional(),
});
export type PartnerApiQuoteRequest = z.input<typeof PartnerApiQuoteRequestSchema>;
export type PartnerApiQuotePayload = z.output<typeof PartnerApiQuoteRequestSchema>;

export const PartnerApiQuoteResponseSchema = z.object({
  currency: z.literal('RUB'),
  price: PriceBreakdownSchema,
  /** The Moscow date the translation is expected ready if ordered now (YYYY-MM-DD). */
  estimatedReadyDate: z.string(),
});
export type PartnerApiQuoteResponse = z.infer<typeof PartnerApiQuoteResponseSchema>;

/**
 * POST /api/v1/partner/orders: the order form's order without files (documents are brought or sent after the
 * order) and without browser attribution (the order is the integrator's).
 */
export const PartnerApiOrderCreateRequestSchema = OrderStep1Schema.omit({ files: true, fileTokens: true })
  .extend(OrderStep2Schema.shape)
  .extend(OrderStep3Schema.shape)
  .superRefine(requireOrganization);
export type PartnerApiOrderCreateRequest = z.input<typeof PartnerApiOrderCreateRequestSchema>;
export type PartnerApiOrderCreatePayload = z.output<typeof PartnerApiOrderCreateRequestSchema>;

/** The `Idempotency-Key` header of POST /api/v1/partner/orders (required). */
export const PartnerApiIdempotencyKeySchema = z
  .string({ message: PARTNER_MESSAGES.apiIdempotencyKeyRequired })
  .min(1, { message: PARTNER_MESSAGES.apiIdempotencyKeyRequired })
  .max(200, { message: PARTNER_MESSAGES.apiIdempotencyKeyRequired })
  .regex(/^[\x21-\x7E]+$/, { message: PARTNER_MESSAGES.apiIdempotencyKeyRequired });

export const PartnerApiOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: OrderStatusSchema,
  /** The status as the customer reads it (Russian). */
  statusLabel: z.string(),
  email: z.string(),
  amount: MoneySchema,
  discount: MoneySchema,
  deliveryPrice: MoneySchema,
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  estimatedReadyDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  priceBreakdown: PriceBreakdownSchema,
});
export type PartnerApiOrder = z.infer<typeof PartnerApiOrderSchema>;

export const PartnerApiOrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(100).optional(),
});
export type PartnerApiOrderListQuery = z.infer<typeof PartnerApiOrderListQuerySchema>;

export const PartnerApiOrderListResponseSchema = listResponse(PartnerApiOrderSchema);
export type PartnerApiOrderListResponse = z.infer<typeof PartnerApiOrderListResponseSchema>;

export const PartnerApiOrderParamsSchema = z.object({ id: IdSchema });
