import { z } from './zod.ts';
import { listResponse } from './common.ts';
import { DeliveryTypeSchema, OrderStatusSchema, PayerTypeSchema } from './enums.ts';
import { formatMessage, MESSAGES } from './messages.ts';
import { OrderListItemSchema } from './orders.ts';
import { multiline } from './text.ts';

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

/** How many orders one bulk action (status change, export of the selected) takes at most. */
export const BULK_ORDER_IDS_MAX = 500;

/** Order ids as a query takes them: `ids=<uuid>,<uuid>` (or repeated), at most BULK_ORDER_IDS_MAX. */
const orderIdList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ message: MESSAGES.orderNotFound }))
      .min(1, { message: formatMessage(MESSAGES.orderIdsInvalid, { max: BULK_ORDER_IDS_MAX }) })
      .max(BULK_ORDER_IDS_MAX, {
        message: formatMessage(MESSAGES.orderIdsInvalid, { max: BULK_ORDER_IDS_MAX }),
      }),
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
  status: statusList.optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  payerType: PayerTypeSchema.optional(),
  deliveryType: DeliveryTypeSchema.optional(),
  pointId: z.uuid().optional(),
  partnerId: z.uuid().optional(),
  isPaid: booleanQuery.optional(),
  search: z.string().trim().max(200).optional(),
  /** Only these orders (the selected rows: bulk export), on top of the other filters. */
  ids: orderIdList.optional(),
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
});
export type StaffOrderListItem = z.infer<typeof StaffOrderListItemSchema>;

export const UpdateOrderAmountRequestSchema = z.object({
  id: z.uuid({ message: MESSAGES.orderNotFound }),
  amount: z
    .number({ message: MESSAGES.amountInvalid })
    .multipleOf(0.01, { message: MESSAGES.amountInvalid })
    // Zero or less would leave the order owing nothing while its lines add up to money (issue 17).
    .gt(0, { message: MESSAGES.amountMustBePositive })
    .max(10_000_000, { message: MESSAGES.amountInvalid }),
  /** Why the amount changes: always required (issue 17); shown in the history and told to the customer. */
  reason: z
    .string({ message: MESSAGES.amountChangeReasonMissing })
    .trim()
    .min(1, { message: MESSAGES.amountChangeReasonMissing })
    .max(500, { message: MESSAGES.amountChangeReasonTooLong }),
});
export type UpdateOrderAmountRequest = z.infer<typeof UpdateOrderAmountRequestSchema>;
export const UpdateOtherDocumentAmountRequestSchema = z.object({
  orderId: z.uuid({ message: MESSAGES.orderNotFound }),
  otherPrice: z.number().multipleOf(0.01).min(0).max(10_000_000).nullable(),
  otherCost: z.number().multipleOf(0.01).min(0).max(10_000_000).nullable(),
});
export const DeleteOrderRequestSchema = z.object({ id: z.uuid({ message: MESSAGES.orderNotFound }) });

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
