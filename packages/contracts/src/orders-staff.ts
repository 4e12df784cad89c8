import { z } from './zod.ts';
import { listResponse } from './common.ts';
import { DeliveryTypeSchema, OrderStatusSchema, PayerTypeSchema } from './enums.ts';
import { formatMessage } from './messages-core.ts';
import { MESSAGES } from './messages.ts';
import {
  OrderListItemSchema,
  OrderStep1Schema,
  OrderStep2Schema,
  OrderStep3Schema,
  PriceBreakdownSchema,
} from './orders.ts';
import { multiline } from './text.ts';
import { calendarDate } from './fields.ts';

// Module orders, the back-office half: the staff order list and its filters, amounts, deletion, internal
// notes and the act exchange. The customer half is orders.ts.

// ---- internal notes on an order (staff only; never in the customer's or the partner's view) ----

export const ORDER_NOTE_MAX_LENGTH = 2000;

export const OrderNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  author: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    /** null when the author's account has been deleted since. */
    .nullable(),
  /** Whether the caller may delete it: the author, or an ADMIN. */
  canDelete: z.boolean(),
});
export type OrderNote = z.infer<typeof OrderNoteSchema>;

export const OrderNoteListResponseSchema = listResponse(OrderNoteSchema);
export type OrderNoteListResponse = z.infer<typeof OrderNoteListResponseSchema>;

export const CreateOrderNoteRequestSchema = z.object({
  text: multiline(
    z
      .string({ message: MESSAGES.noteTextRequired })
      .trim()
      .min(1, { message: MESSAGES.noteTextRequired })
      .max(ORDER_NOTE_MAX_LENGTH, { message: MESSAGES.noteTextTooLong }),
  ),
});
export type CreateOrderNoteRequest = z.infer<typeof CreateOrderNoteRequestSchema>;

export const OrderNoteParamsSchema = z.object({
  id: z.uuid({ message: MESSAGES.orderNotFound }),
  noteId: z.uuid({ message: MESSAGES.noteNotFound }),
});

// ---- act exchange (organizations send the signed act back) ----

export const UpdateActExchangeRequestSchema = z.object({
  orderId: z.uuid({ message: MESSAGES.orderNotFound }),
  exchanged: z.boolean(),
});
export type UpdateActExchangeRequest = z.infer<typeof UpdateActExchangeRequestSchema>;

export const ActExchangeResponseSchema = z.object({
  orderId: z.string(),
  actExchangedAt: z.string().nullable(),
});
export type ActExchangeResponse = z.infer<typeof ActExchangeResponseSchema>;

// ---- choices of the partner and pickup point filters of the staff order list ----

export const OrderFilterPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  points: z.array(z.object({ id: z.string(), name: z.string(), isActive: z.boolean() })),
});
export type OrderFilterPartner = z.infer<typeof OrderFilterPartnerSchema>;

export const OrderFilterOptionsResponseSchema = z.object({
  partners: z.array(OrderFilterPartnerSchema),
});
export type OrderFilterOptionsResponse = z.infer<typeof OrderFilterOptionsResponseSchema>;

// ---- the staff order list (and its CSV export), amounts, deletion ----

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');
const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean),
  )
  .pipe(z.array(OrderStatusSchema));

/** Most orders one export of a selection names (`ids`): the list page selects from what it has loaded. */
export const EXPORT_IDS_MAX = 500;

/** `ids=uuid,uuid,...` (or repeated `ids=`): the orders picked on the list page, up to EXPORT_IDS_MAX. */
const idList = z
  .union([z.string().max(EXPORT_IDS_MAX * 37), z.array(z.string().max(36)).max(EXPORT_IDS_MAX)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ message: MESSAGES.exportIdsInvalid }))
      .min(1, { message: MESSAGES.exportIdsInvalid })
      .max(EXPORT_IDS_MAX, { message: MESSAGES.exportIdsTooMany }),
  );

/**
 * The sort keys of the staff order list: a column, `-` first for descending (newest first is `-createdAt`, the
 * default). Only these reach SQL; ties are broken by the order id, so the order is stable across pages.
 */
export const ORDER_SORT_KEYS = [
  '-createdAt',
  'createdAt',
  '-number',
  'number',
  '-amount',
  'amount',
  'status',
  '-status',
] as const;
export const OrderSortSchema = z.enum(ORDER_SORT_KEYS, { message: MESSAGES.orderSortInvalid });
export type OrderSort = z.infer<typeof OrderSortSchema>;

/** Filters of the staff order list; the CSV export takes the same ones, so it exports exactly the filtered set. */
export const StaffOrderFiltersSchema = z.object({
  /** Only these orders (the rows selected on the list page), together with any other filter given. */
  ids: idList.optional(),
  status: statusList.optional(),
  dateFrom: calendarDate(MESSAGES.dateInvalid).optional(),
  dateTo: calendarDate(MESSAGES.dateInvalid).optional(),
  payerType: PayerTypeSchema.optional(),
  deliveryType: DeliveryTypeSchema.optional(),
  pointId: z.uuid().optional(),
  partnerId: z.uuid().optional(),
  isPaid: booleanQuery.optional(),
  search: z.string().trim().max(200).optional(),
});
export type StaffOrderFilters = z.infer<typeof StaffOrderFiltersSchema>;

export const StaffOrderListQuerySchema = StaffOrderFiltersSchema.extend({
  sort: OrderSortSchema.default('-createdAt'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type StaffOrderListQuery = z.infer<typeof StaffOrderListQuerySchema>;

export const StaffOrderListItemSchema = OrderListItemSchema.extend({
  email: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  payerType: PayerTypeSchema,
  deliveryType: DeliveryTypeSchema,
  pickupPointId: z.string().nullable(),
  /** The pickup point's name (null: not a pickup-point delivery). */
  pickupPointName: z.string().nullable(),
});
export type StaffOrderListItem = z.infer<typeof StaffOrderListItemSchema>;

// ---- the pickup-point PARTNER's orders (decision 050): only orders to its own points, only what hand-over needs ----

export const PartnerOrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
  /** Number (with or without «№»), words of the name, or 4+ digits of the phone. */
  search: z.string().trim().max(200).optional(),
});
export type PartnerOrderListQuery = z.infer<typeof PartnerOrderListQuerySchema>;

/** A row of the partner's list: the staff row without the e-mail. */
export const PartnerOrderListItemSchema = StaffOrderListItemSchema.omit({ email: true });
export type PartnerOrderListItem = z.infer<typeof PartnerOrderListItemSchema>;

export const PartnerOrderParamsSchema = z.object({ id: z.uuid({ message: MESSAGES.orderNotFound }) });

/**
 * GET /api/order/partner/:id, the partner's read-only order page: who collects it (name, phone), what, where,
 * whether it is paid and its status dates. No e-mail, comment, files, organization or payments.
 */
export const PartnerOrderDetailSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  status: OrderStatusSchema,
  isPaid: z.boolean(),
  amount: z.number(),
  estimatedReadyDate: z.string().nullable(),
  name: z.string(),
  phoneNumber: z.string(),
  documents: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  originalLanguageName: z.string(),
  targetLanguageName: z.string(),
  point: z.object({ id: z.string(), name: z.string(), address: z.string() }),
  history: z.array(z.object({ toStatus: OrderStatusSchema, createdAt: z.string() })),
});
export type PartnerOrderDetail = z.infer<typeof PartnerOrderDetailSchema>;

/** Why staff change an order: required, trimmed, 1–500 characters; kept in the audit log and told to the customer. */
const reasonText = (missing: string, tooLong: string) =>
  z.string({ message: missing }).trim().min(1, { message: missing }).max(500, { message: tooLong });

export const UpdateOrderAmountRequestSchema = z.object({
  id: z.uuid({ message: MESSAGES.orderNotFound }),
  amount: z
    .number({ message: MESSAGES.amountInvalid })
    .multipleOf(0.01, { message: MESSAGES.amountInvalid })
    // Zero or less would leave the order owing nothing while its lines add up to money (issue 17).
    .gt(0, { message: MESSAGES.amountMustBePositive })
    .max(10_000_000, { message: MESSAGES.amountInvalid }),
  /** Why the amount changes: always required (issue 17); shown in the history and told to the customer. */
  reason: reasonText(MESSAGES.amountChangeReasonMissing, MESSAGES.amountChangeReasonTooLong),
});
export type UpdateOrderAmountRequest = z.infer<typeof UpdateOrderAmountRequestSchema>;
export const UpdateOtherDocumentAmountRequestSchema = z.object({
  orderId: z.uuid({ message: MESSAGES.orderNotFound }),
  otherPrice: z.number().multipleOf(0.01).min(0).max(10_000_000).nullable(),
  otherCost: z.number().multipleOf(0.01).min(0).max(10_000_000).nullable(),
});
export const DeleteOrderRequestSchema = z.object({ id: z.uuid({ message: MESSAGES.orderNotFound }) });

// ---- editing an order before work starts (decision 054) ----

/** Statuses in which staff may edit lines, contact and address: before the order is IN_PROGRESS. */
export const EDITABLE_ORDER_STATUSES = ['NEW', 'PAID'] as const;

const courierAddressShape = {
  address: OrderStep3Schema.shape.address,
  apartment: OrderStep3Schema.shape.apartment,
  entrance: OrderStep3Schema.shape.entrance,
  floor: OrderStep3Schema.shape.floor,
  intercom: OrderStep3Schema.shape.intercom,
  addressComment: OrderStep3Schema.shape.addressComment,
};

/**
 * What staff may change: the document lines and languages (the same rules as the order form's step 1), the
 * contact (step 2's name, phone rule and e-mail) and, for a courier order, the address (step 3's fields).
 */
export const OrderEditContentSchema = z.object({
  documentsWithQuantity: OrderStep1Schema.shape.documentsWithQuantity,
  documentsAssurances: OrderStep1Schema.shape.documentsAssurances,
  originalLanguage: OrderStep1Schema.shape.originalLanguage,
  targetLanguage: OrderStep1Schema.shape.targetLanguage,
  name: OrderStep2Schema.shape.name,
  phoneNumber: OrderStep2Schema.shape.phoneNumber,
  email: OrderStep2Schema.shape.email,
  /** Courier orders only; null or absent keeps the delivery as it is. */
  courierAddress: z.object(courierAddressShape).nullable().optional(),
});
export type OrderEditContent = z.infer<typeof OrderEditContentSchema>;

export const OrderEditRequestSchema = OrderEditContentSchema.extend({
  /** The total the confirmation showed as «было»: a different one means the order changed meanwhile (409). */
  expectedAmount: z.number({ message: MESSAGES.amountInvalid }).min(0).max(10_000_000),
  reason: reasonText(MESSAGES.orderEditReasonMissing, MESSAGES.orderEditReasonTooLong),
});
export type OrderEditRequest = z.infer<typeof OrderEditRequestSchema>;

export const OrderEditParamsSchema = z.object({ id: z.uuid({ message: MESSAGES.orderNotFound }) });

/** One changed field, old and new, in Russian words («Телефон», «+7 916 …»). */
export const OrderEditChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type OrderEditChange = z.infer<typeof OrderEditChangeSchema>;

/** The preview (and the answer of the save): the total before and after, the difference, what changes. */
export const OrderEditPreviewSchema = z.object({
  from: z.number(),
  to: z.number(),
  difference: z.number(),
  priceBreakdown: PriceBreakdownSchema,
  changes: z.array(OrderEditChangeSchema),
});
export type OrderEditPreview = z.infer<typeof OrderEditPreviewSchema>;

// ---- one timeline per order (decision 055) ----

export const ORDER_TIMELINE_KINDS = [
  'status',
  'amount',
  'edit',
  'note',
  'mail',
  'push',
  'payment',
  'job',
  'event',
  'action',
] as const;
export const ORDER_TIMELINE_KIND_LABELS = {
  status: 'Статус',
  amount: 'Сумма',
  edit: 'Изменение',
  note: 'Заметка',
  mail: 'Письмо',
  push: 'Уведомление',
  payment: 'Оплата',
  job: 'Задача',
  event: 'Событие',
  action: 'Действие',
} as const satisfies Record<(typeof ORDER_TIMELINE_KINDS)[number], string>;

export const OrderTimelineEntrySchema = z.object({
  kind: z.enum(ORDER_TIMELINE_KINDS),
  at: z.string(),
  /** Who did it (a staff e-mail), null for the customer, the payment system and jobs. */
  actor: z.string().nullable(),
  text: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntrySchema>;

/** Oldest first: the newest `ORDER_TIMELINE_LIMIT` events; `truncated` when older ones were left out. */
export const OrderTimelineResponseSchema = z.object({
  items: z.array(OrderTimelineEntrySchema),
  truncated: z.boolean(),
});
export type OrderTimelineResponse = z.infer<typeof OrderTimelineResponseSchema>;
export const ORDER_TIMELINE_LIMIT = 200;

// ---- bulk status change (each order through the one status writer, answered one by one) ----

/** One bulk status change takes at most this many orders (each is its own transaction, mail and push). */
export const BULK_STATUS_MAX = 100;

export const BulkOrderStatusRequestSchema = z.object({
  ids: z
    .array(z.uuid({ message: MESSAGES.orderNotFound }))
    .min(1, { message: formatMessage(MESSAGES.orderIdsInvalid, { max: BULK_STATUS_MAX }) })
    .max(BULK_STATUS_MAX, {
      message: formatMessage(MESSAGES.orderIdsInvalid, { max: BULK_STATUS_MAX }),
    }),
  status: OrderStatusSchema,
  comment: multiline(z.string().trim().max(1000)).nullable().optional(),
});
export type BulkOrderStatusRequest = z.infer<typeof BulkOrderStatusRequestSchema>;

export const BulkOrderStatusResultSchema = z.object({
  id: z.string(),
  /** null when the order was not found (deleted meanwhile). */
  number: z.number().int().nullable(),
  outcome: z.enum(['changed', 'refused']),
  /** Why it was refused (the message the single change would show). */
  message: z.string().optional(),
});
export type BulkOrderStatusResult = z.infer<typeof BulkOrderStatusResultSchema>;

export const BulkOrderStatusResponseSchema = z.object({
  changed: z.number().int(),
  refused: z.number().int(),
  results: z.array(BulkOrderStatusResultSchema),
});
export type BulkOrderStatusResponse = z.infer<typeof BulkOrderStatusResponseSchema>;

// ---- saved views of the staff order list (per user) ----

export const SAVED_VIEWS_MAX = 20;

/** The filters a view may hold: the list's own, strictly (an unknown key or a malformed value is refused). */
const SavedViewFiltersSchema = StaffOrderFiltersSchema.omit({ ids: true })
  .extend({ sort: OrderSortSchema.optional() })
  .strict();

/** A saved view's filters: the list's URL query as the list writes it, kept as text and re-parsed on use. */
export const SavedViewQuerySchema = z
  .record(z.string().max(40), z.string().max(1000))
  .refine((query) => SavedViewFiltersSchema.safeParse(query).success, {
    message: MESSAGES.savedViewQueryInvalid,
  });

export const CreateSavedViewRequestSchema = z.object({
  name: z
    .string({ message: MESSAGES.savedViewNameRequired })
    .trim()
    .min(1, { message: MESSAGES.savedViewNameRequired })
    .max(60, { message: MESSAGES.savedViewNameTooLong }),
  query: SavedViewQuerySchema,
});
export type CreateSavedViewRequest = z.infer<typeof CreateSavedViewRequestSchema>;

export const SavedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const SavedViewListResponseSchema = listResponse(SavedViewSchema);
export type SavedViewListResponse = z.infer<typeof SavedViewListResponseSchema>;

export const SavedViewParamsSchema = z.object({ id: z.uuid({ message: MESSAGES.savedViewNotFound }) });

// ---- resending the customer's mails from the CRM order page (decision 057) ----

/** Mails staff may send again: the order confirmation, and a payment link for the unpaid amount. */
export const ORDER_RESEND_MAILS = ['confirmation', 'payment-link'] as const;
export type OrderResendMail = (typeof ORDER_RESEND_MAILS)[number];
export const ORDER_RESEND_MAIL_LABELS = {
  confirmation: 'подтверждение заказа',
  'payment-link': 'ссылка на оплату',
} as const satisfies Record<OrderResendMail, string>;
/** One mail of a kind per order in this many seconds (two clicks at once send one). */
export const ORDER_RESEND_COOLDOWN_SECONDS = 60;

export const OrderResendRequestSchema = z.object({
  mail: z.enum(ORDER_RESEND_MAILS, { message: MESSAGES.orderResendMailUnknown }),
});
export type OrderResendRequest = z.infer<typeof OrderResendRequestSchema>;

export const OrderResendResponseSchema = z.object({
  mail: z.enum(ORDER_RESEND_MAILS),
  /** The address it went to (the order's e-mail). */
  to: z.string(),
  mailId: z.string(),
});
export type OrderResendResponse = z.infer<typeof OrderResendResponseSchema>;
