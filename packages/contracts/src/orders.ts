import { z } from './zod.ts';
import { EmailSchema, MoneySchema, PhoneSchema } from './common.ts';
import { ORDER_LIMITS } from './constants.ts';
import { DeliveryTypeSchema, OrderStatusSchema, PayerTypeSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { InnSchema, KppSchema, refuseKppOfSoleTrader } from './profile.ts';
import { multiline } from './text.ts';
import { FilePageCountSchema } from './uploads.ts';
import { dropOutsideCalendar, isoDateField } from './fields.ts';

/** POST /api/order/yandex-delivery/check-price: coordinates as [lat, lon]. */
export const CheckDeliveryPriceRequestSchema = z.object({
  from: z
    .tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])
    .nullable()
    .optional(),
  to: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
  officeId: z.string().uuid().nullable().optional(),
});
export type CheckDeliveryPriceRequest = z.infer<typeof CheckDeliveryPriceRequestSchema>;

export const DeliveryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  /** Working days from dispatch to the door. */
  days: z.number().int(),
  provider: z.enum(['yandex', 'tariffs']),
});
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

export const CheckDeliveryPriceResponseSchema = z.object({ options: z.array(DeliveryOptionSchema) });
export type CheckDeliveryPriceResponse = z.infer<typeof CheckDeliveryPriceResponseSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** Free text where line breaks belong (comments): tab, LF and CR allowed (decision 021). */
const multilineText = (max: number) => multiline(z.string().trim().max(max)).nullable().optional();
/**
 * When the visitor first/last came, by the device's clock (the site's tracker). A moment outside the product's
 * calendar (a phone whose clock reset to 1970, or a probe with year 0001) is dropped, not refused: the order is what
 * the customer submitted, and it must not fail on a field they never saw.
 */
const touchMoment = z
  .string()
  .datetime({ offset: true })
  .nullable()
  .transform(dropOutsideCalendar)
  .optional();
const idRef = (message: string) => z.string({ message }).trim().uuid({ message });

export const DocumentWithQuantitySchema = z.object({
  documentId: idRef(MESSAGES.unknownDocument),
  quantity: z
    .number({ message: MESSAGES.quantityInvalid })
    .int({ message: MESSAGES.quantityInvalid })
    .min(1, { message: MESSAGES.quantityInvalid })
    .max(ORDER_LIMITS.maxQuantity, { message: MESSAGES.quantityInvalid }),
});
export const DocumentAssuranceSchema = z.object({
  documentId: idRef(MESSAGES.unknownDocument),
  assuranceId: idRef(MESSAGES.unknownAssurance),
});

/** Step 1: documents, languages, promo code, files. */
export const OrderStep1Schema = z.object({
  documentsWithQuantity: z
    .array(DocumentWithQuantitySchema, { message: MESSAGES.documentsRequired })
    .min(1, { message: MESSAGES.documentsRequired })
    .max(ORDER_LIMITS.maxDocuments)
    .refine((items) => new Set(items.map((item) => item.documentId)).size === items.length, {
      message: MESSAGES.documentDuplicated,
    }),
  documentsAssurances: z
    .array(DocumentAssuranceSchema)
    .max(ORDER_LIMITS.maxDocuments * 5)
    .default([]),
  originalLanguage: z
    .string({ message: MESSAGES.languageRequired })
    .trim()
    .min(2, { message: MESSAGES.languageRequired })
    .max(10),
  targetLanguage: z
    .string({ message: MESSAGES.languageRequired })
    .trim()
    .min(2, { message: MESSAGES.languageRequired })
    .max(10),
  promoCode: z.string().trim().toUpperCase().max(50).nullable().optional(),
  files: z
    .array(z.string().uuid({ message: MESSAGES.unknownFile }))
    .max(ORDER_LIMITS.maxFiles)
    .default([]),
  /** File id → the token its upload answered; a file uploaded while signed in needs none (decision 022). */
  fileTokens: z
    .record(z.string().uuid({ message: MESSAGES.unknownFile }), z.string().max(100))
    .refine((tokens) => Object.keys(tokens).length <= ORDER_LIMITS.maxFiles, {
      message: MESSAGES.unknownFile,
    })
    .default({}),
});
export type OrderStep1 = z.infer<typeof OrderStep1Schema>;

const OrderStep2Base = z.object({
  name: z
    .string({ message: MESSAGES.nameRequired })
    .trim()
    .min(2, { message: MESSAGES.nameRequired })
    .max(200),
  phoneNumber: PhoneSchema,
  email: EmailSchema,
  payerType: PayerTypeSchema.default('INDIVIDUAL'),
  organizationInn: InnSchema.nullable().optional(),
  organizationKpp: KppSchema.nullable().optional(),
  organizationName: optionalText(300),
  organizationAddress: multilineText(500),
  comment: multilineText(2000),
});

type OrganizationFields = {
  payerType: 'INDIVIDUAL' | 'ORGANIZATION';
  organizationInn?: string | null;
  organizationKpp?: string | null;
  organizationName?: string | null;
  organizationAddress?: string | null;
};
/** A payer ORGANIZATION needs its INN, name and address (the order form and the partner API alike). */
export function requireOrganization(value: OrganizationFields, ctx: z.RefinementCtx) {
  if (value.payerType !== 'ORGANIZATION') return;
  if (!value.organizationInn)
    ctx.addIssue({ code: 'custom', path: ['organizationInn'], message: MESSAGES.invalidInn });
  refuseKppOfSoleTrader(value.organizationInn, value.organizationKpp, ctx, 'organizationKpp');
  if (!value.organizationName)
    ctx.addIssue({ code: 'custom', path: ['organizationName'], message: MESSAGES.organizationNameRequired });
  if (!value.organizationAddress)
    ctx.addIssue({
      code: 'custom',
      path: ['organizationAddress'],
      message: MESSAGES.organizationAddressRequired,
    });
}

/** Step 2: contact and payer. */
export const OrderStep2Schema = OrderStep2Base.superRefine(requireOrganization);
export type OrderStep2 = z.infer<typeof OrderStep2Schema>;

const OrderStep3Base = z.object({
  deliveryId: idRef(MESSAGES.deliveryRequired),
  deliveryType: DeliveryTypeSchema.optional(),
  pickupPointId: z.string().uuid({ message: MESSAGES.unknownPoint }).nullable().optional(),
  pickupPointCode: optionalText(50),
  address: optionalText(500),
  apartment: optionalText(20),
  entrance: optionalText(20),
  floor: optionalText(20),
  intercom: optionalText(50),
  addressComment: multilineText(500),
  /** Courier: coordinates of the address [lat, lon] from geocoding; office pickup: { officeId }. */
  deliveryData: z
    .object({
      officeId: z.string().uuid().nullable().optional(),
      coordinates: z
        .tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])
        .nullable()
        .optional(),
      optionId: z.string().max(100).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type OrderStep3 = z.infer<typeof OrderStep3Base>;
export const OrderStep3Schema = OrderStep3Base;

/** First-touch attribution exported by the browser (spec 3). */
export const AttributionSchema = z.object({
  utmSource: optionalText(200),
  utmMedium: optionalText(200),
  utmCampaign: optionalText(200),
  utmContent: optionalText(200),
  utmTerm: optionalText(200),
  referrer: optionalText(2000),
  landingPage: optionalText(2000),
  acquisitionChannel: optionalText(100),
  attributionModel: optionalText(50),
  firstTouchAt: touchMoment,
  lastTouchAt: touchMoment,
  touchpointCount: z
    .number({ message: MESSAGES.numberOutOfRange })
    .int({ message: MESSAGES.numberOutOfRange })
    .min(0, { message: MESSAGES.numberOutOfRange })
    .max(100_000, { message: MESSAGES.numberOutOfRange })
    .nullable()
    .optional(),
  /** numeric(12, 2) in the database: non-negative rubles well below its limit (decision 021). */
  marketingValue: z
    .number({ message: MESSAGES.marketingValueInvalid })
    .min(0, { message: MESSAGES.marketingValueInvalid })
    .max(1_000_000_000, { message: MESSAGES.marketingValueInvalid })
    .nullable()
    .optional(),
});
export type Attribution = z.infer<typeof AttributionSchema>;

/** The tracker's ids as the analytics contract takes them (kept here: the order schema loads no marketing texts). */
const orderAnalyticsId = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/)
  .nullable()
  .optional();

/**
 * POST /api/order. Composed from the step schemas so the form and the server validate alike.
 * Price fields a client may send (deliveryPrice, promoIsValid, promoDiscountPercent) are accepted and ignored.
 */
export const CreateOrderRequestSchema = OrderStep1Schema.extend(OrderStep2Base.shape)
  .extend(OrderStep3Base.shape)
  .extend(AttributionSchema.shape)
  .extend({
    /**
     * The analytics session and visitor the order is placed in (issue 19, decision 066: an extension of the spec
     * 3 payload): stored on the order, the server records the funnel stages order_created and paid for them.
     */
    analyticsSessionId: orderAnalyticsId,
    analyticsVisitorId: orderAnalyticsId,
    /** The referring partner-portal partner (must exist and be ACTIVE, checked by the server). */
    partnerId: z.uuid({ message: MESSAGES.unknownPartner }).nullable().optional(),
    documentId: z.unknown().optional(),
    documentIds: z.unknown().optional(),
    assuranceId: z.unknown().optional(),
    orderDocuments: z.unknown().optional(),
    deliveryPrice: z.unknown().optional(),
    promoIsValid: z.unknown().optional(),
    promoDiscountPercent: z.unknown().optional(),
    amount: z.unknown().optional(),
  })
  .superRefine(requireOrganization);
export type CreateOrderRequest = z.input<typeof CreateOrderRequestSchema>;
export type CreateOrderPayload = z.output<typeof CreateOrderRequestSchema>;

/**
 * What makes two order requests the same order, as one canonical JSON text: every field (keys sorted, undefined
 * dropped) but `lastTouchAt`, the time of the request itself (a retry a minute later is still the same order),
 * and the analytics ids.
 * The server hashes it to tell a retry from a different order under one Idempotency-Key; the web derives the key
 * from it, so a changed order gets a new key and the same order the same one (issue 16).
 */
export function canonicalOrderRequest(payload: object): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(record)
          .sort()
          .filter((key) => record[key] !== undefined)
          .map((key) => [key, canonical(record[key])]),
      );
    }
    return value;
  };
  // Where the request was sent from is not what was ordered: the same order from a second tab (another analytics
  // session) is still the same order (decision 066).
  const {
    lastTouchAt: _requestTime,
    analyticsSessionId: _session,
    analyticsVisitorId: _visitor,
    ...order
  } = payload as Record<string, unknown>;
  return JSON.stringify(canonical(order));
}

export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x20-\x7E]+$/, { message: 'Idempotency-Key: допустимы печатные символы до 200' });

export const PriceLineSchema = z.object({
  kind: z.enum(['document', 'assurance', 'delivery', 'discount']),
  refId: z.string().nullable(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  /** Document lines priced by a tariff carry its name (absent on lines at the catalogue price). */
  tariffName: z.string().optional(),
});
export type PriceLine = z.infer<typeof PriceLineSchema>;

export const PriceBreakdownSchema = z.object({
  lines: z.array(PriceLineSchema),
  documentsTotal: z.number(),
  assurancesTotal: z.number(),
  deliveryPrice: z.number(),
  subtotal: z.number(),
  discountPercent: z.number(),
  discount: z.number(),
  total: z.number(),
});
export type PriceBreakdown = z.infer<typeof PriceBreakdownSchema>;

export const OrderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: OrderStatusSchema,
  email: z.string(),
  amount: MoneySchema,
  isPaid: z.boolean(),
  createdAt: z.string(),
  estimatedReadyDate: z.string().nullable(),
  priceBreakdown: PriceBreakdownSchema,
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const PromoValidateQuerySchema = z.object({ code: z.string().trim().toUpperCase().min(1).max(50) });
export const PromoValidateResponseSchema = z.object({
  valid: z.boolean(),
  code: z.string(),
  discountPercent: z.number(),
  message: z.string(),
});
export type PromoValidateResponse = z.infer<typeof PromoValidateResponseSchema>;

// ---- reading orders (cabinet and back office) ----

/**
 * Who may move an order where. Customers: their own NEW or PAID order to CANCELED only.
 * Staff: forward along the pipeline, back one step where work is redone, or cancel before completion.
 * PAID is set by payment confirmation only (never by hand).
 */
export const STAFF_STATUS_TRANSITIONS = {
  NEW: ['IN_PROGRESS', 'CANCELED'],
  PAID: ['IN_PROGRESS', 'CANCELED'],
  IN_PROGRESS: ['READY', 'CANCELED'],
  READY: ['DELIVERING', 'COMPLETED', 'IN_PROGRESS', 'CANCELED'],
  DELIVERING: ['COMPLETED', 'READY'],
  COMPLETED: [],
  CANCELED: [],
} as const satisfies Record<z.infer<typeof OrderStatusSchema>, readonly z.infer<typeof OrderStatusSchema>[]>;
export const CUSTOMER_CANCELLABLE_STATUSES = ['NEW', 'PAID'] as const;
/** ADMIN only: a COMPLETED-by-mistake order goes back to one of these, with a reason (decision 043). */
export const COMPLETED_CORRECTION_STATUSES = ['IN_PROGRESS', 'READY', 'DELIVERING'] as const;

export const ORDER_STATUS_LABELS = {
  NEW: 'Новый',
  PAID: 'Оплачен',
  IN_PROGRESS: 'В работе',
  READY: 'Готов',
  DELIVERING: 'Доставляется',
  COMPLETED: 'Выполнен',
  CANCELED: 'Отменён',
} as const satisfies Record<z.infer<typeof OrderStatusSchema>, string>;

export const OrderListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  status: OrderStatusSchema,
  amount: z.number(),
  isPaid: z.boolean(),
  /**
   * False while the owner of the order e-mail has not confirmed the order is theirs (it was placed by someone
   * not signed in as that e-mail): the cabinet marks it «не подтверждён» and hides the sender's comment.
   */
  ownerConfirmed: z.boolean(),
  documents: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  originalLanguage: z.string(),
  targetLanguage: z.string(),
  /** The languages' Russian names («Русский», «Немецкий»); the code when it is gone from the catalogue. */
  originalLanguageName: z.string(),
  targetLanguageName: z.string(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrderFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  /** Pages and characters counted at upload (decision 039): what the instant quote was based on. */
  quote: FilePageCountSchema,
});

export const OrderDetailSchema = OrderListItemSchema.extend({
  email: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  payerType: PayerTypeSchema,
  organization: z
    .object({
      inn: z.string().nullable(),
      kpp: z.string().nullable(),
      name: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  comment: z.string().nullable(),
  paidAt: z.string().nullable(),
  estimatedReadyDate: z.string().nullable(),
  priceBreakdown: PriceBreakdownSchema,
  delivery: z.object({
    type: DeliveryTypeSchema,
    name: z.string(),
    price: z.number(),
    point: z
      .object({
        id: z.string(),
        name: z.string(),
        address: z.string(),
        schedule: z.string().nullable(),
        metro: z.string().nullable(),
        metroColor: z.string().nullable(),
      })
      .nullable(),
    office: z
      .object({ id: z.string(), name: z.string(), address: z.string(), schedule: z.string().nullable() })
      .nullable(),
    address: z.string().nullable(),
    apartment: z.string().nullable(),
    entrance: z.string().nullable(),
    floor: z.string().nullable(),
    intercom: z.string().nullable(),
    addressComment: z.string().nullable(),
    /** A courier order's delivery at the delivery service (its claim id), once booked; null otherwise. */
    trackingNumber: z.string().nullable(),
    /** The delivery service's live courier tracking page (https), once a courier is on the way; null otherwise. */
    trackingUrl: z.string().nullable(),
  }),
  files: z.array(OrderFileSchema),
  history: z.array(
    z.object({
      fromStatus: OrderStatusSchema.nullable(),
      toStatus: OrderStatusSchema,
      comment: z.string().nullable(),
      /** The staff's internal note (staff view only; always null for the customer, decision 048). */
      internalNote: z.string().nullable(),
      createdAt: z.string(),
      /** Who made the change (staff view only; null for the customer and for automatic changes). */
      actor: z.string().nullable(),
    }),
  ),
  /** Staff changes of the amount due, oldest first (issue 17): the customer sees them too, without `actor`. */
  amountChanges: z.array(
    z.object({
      from: z.number(),
      to: z.number(),
      reason: z.string().nullable(),
      createdAt: z.string(),
      /** Who changed it (staff view only). */
      actor: z.string().nullable(),
    }),
  ),
  /** Back-office fields: null in the customer's view. */
  staff: z
    .object({
      /** The customer's account (the CRM's customer page); null when the account is gone. */
      customerId: z.string().nullable(),
      otherPrice: z.number().nullable(),
      otherCost: z.number().nullable(),
      /** Organizations: when staff marked the signed act as returned (null: not yet, or not an organization). */
      actExchangedAt: z.string().nullable(),
      attribution: z.object({
        utmSource: z.string().nullable(),
        utmMedium: z.string().nullable(),
        utmCampaign: z.string().nullable(),
        acquisitionChannel: z.string().nullable(),
        referrer: z.string().nullable(),
        landingPage: z.string().nullable(),
        firstTouchAt: z.string().nullable(),
        touchpointCount: z.number().nullable(),
      }),
    })
    .nullable(),
  canCancel: z.boolean(),
  canPay: z.boolean(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

/** How a payment taken outside the system was made (decision 043). */
export const MANUAL_PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_office'] as const;
export const MANUAL_PAYMENT_METHOD_LABELS = {
  cash: 'Наличные',
  bank_transfer: 'Банковский перевод',
  card_office: 'Картой в офисе',
} as const satisfies Record<(typeof MANUAL_PAYMENT_METHODS)[number], string>;

/** Statuses past PAID: an unpaid order reaches them only with a recorded payment (decision 043). */
export const STATUSES_PAST_PAID = ['IN_PROGRESS', 'READY', 'DELIVERING', 'COMPLETED'] as const;

/** Staff record that the customer paid outside the system: the method, the day (YYYY-MM-DD), a comment. */
export const ManualPaymentSchema = z.object({
  method: z.enum(MANUAL_PAYMENT_METHODS),
  paidOn: isoDateField,
  comment: multiline(z.string().trim().max(500)).nullable().optional(),
});
export type ManualPayment = z.infer<typeof ManualPaymentSchema>;

export const UpdateOrderStatusRequestSchema = z.object({
  id: z.uuid({ message: MESSAGES.orderNotFound }),
  status: OrderStatusSchema,
  /** The note to the customer: it goes out in the status e-mail and shows in the cabinet. */
  comment: multiline(z.string().trim().max(2000)).nullable().optional(),
  /** Staff only (decision 048): kept in the status history, never mailed nor shown to the customer. */
  internalNote: multiline(z.string().trim().max(2000)).nullable().optional(),
  /** Moving an unpaid order past PAID: the payment taken outside the system (staff only, decision 043). */
  manualPayment: ManualPaymentSchema.optional(),
});
export type UpdateOrderStatusRequest = z.infer<typeof UpdateOrderStatusRequestSchema>;

// ---- the guest order-status link (decision 036) ----

/** The secret of an order's status link: 64 hex digits, made by the database for every order. */
export const OrderStatusTokenSchema = z
  .string({ message: MESSAGES.orderStatusLinkInvalid })
  .regex(/^[0-9a-f]{64}$/, { message: MESSAGES.orderStatusLinkInvalid });
export const OrderStatusTokenParamsSchema = z.object({ token: OrderStatusTokenSchema });

/**
 * GET /api/order-status/:token: what the link from the e-mails shows to whoever holds it, read-only. No name,
 * e-mail, phone, comment, files or courier address: only what the order is and where it stands.
 */
export const GuestOrderStatusSchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  documents: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /** Language names as the order form shows them (the code when the language is gone from the catalogue). */
  originalLanguage: z.string(),
  targetLanguage: z.string(),
  estimatedReadyDate: z.string().nullable(),
  amount: z.number(),
  isPaid: z.boolean(),
  /** Unpaid, not canceled: the page offers to pay. */
  canPay: z.boolean(),
  delivery: z.object({
    type: DeliveryTypeSchema,
    name: z.string(),
    price: z.number(),
    /** The pickup point or office to collect the translation at (null for a courier or electronic delivery). */
    place: z.object({ name: z.string(), address: z.string(), schedule: z.string().nullable() }).nullable(),
  }),
});
export type GuestOrderStatus = z.infer<typeof GuestOrderStatusSchema>;
