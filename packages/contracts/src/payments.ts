import { z } from './zod.ts';

// Module payments: payment links and the built-in test payment page.

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
