import { z } from './zod.ts';
import { listResponse } from './common.ts';

export const PaymentLinkResponseSchema = z.object({
  paymentId: z.string(),
  confirmationUrl: z.string(),
  provider: z.enum(['test', 'yookassa']),
  /** True on the built-in test payment page: no money moves, and every page says so. */
  testMode: z.boolean(),
});
export type PaymentLink = z.infer<typeof PaymentLinkResponseSchema>;

export const TestPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number(),
  amount: z.number(),
  status: z.string(),
  /** Always true: this page exists only in test payment mode (the web app shows a banner). */
  testMode: z.literal(true),
});
export type TestPayment = z.infer<typeof TestPaymentSchema>;

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

/** Answer of POST /api/upload and /api/upload/public. */
export const UploadResponseSchema = listResponse(
  z.object({
    id: z.string(),
    name: z.string(),
    size: z.number(),
    mimeType: z.string(),
    /** Proof of upload: the order that attaches the file sends it back in `fileTokens` (decision 022). */
    token: z.string(),
  }),
);
export type UploadedFile = z.infer<typeof UploadResponseSchema>['items'][number];
