import { z } from './zod.ts';

// Module documents: invoices and acts (PDF).

/** A generated invoice or act. */
export const OrderDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'act']),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.number(),
  amount: z.number(),
  createdAt: z.string(),
});
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;
