import { z } from './zod.ts';
import { IdSchema } from './common.ts';
import { OrderStatusSchema } from './enums.ts';

// Module order-results: the finished translation (or scans) staff attach to an order for its customer (decision 038).

export const OrderResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  createdAt: z.string(),
  /** When staff sent it to the customer; null while only staff see it (and may still remove it). */
  sentAt: z.string().nullable(),
});
export type OrderResult = z.infer<typeof OrderResultSchema>;

/** GET /api/order/:id/results: staff see every file, the customer only the ones sent to them. */
export const OrderResultListResponseSchema = z.object({ items: z.array(OrderResultSchema) });
export type OrderResultListResponse = z.infer<typeof OrderResultListResponseSchema>;

export const OrderResultParamsSchema = z.object({ id: IdSchema, resultId: IdSchema });

/** POST /api/order/:id/results/send: how many files went out and the order's status afterwards. */
export const SendOrderResultsResponseSchema = z.object({
  sent: z.number().int(),
  status: OrderStatusSchema,
});
export type SendOrderResultsResponse = z.infer<typeof SendOrderResultsResponseSchema>;
