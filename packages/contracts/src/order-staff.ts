import { z } from './zod.ts';
import { listResponse } from './common.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

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
