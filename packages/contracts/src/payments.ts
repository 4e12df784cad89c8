import { IdSchema } from './common.ts';
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
  /** Where the page sends the payer once they decide (the provider's return address). */
  returnUrl: z.string().nullable(),
  /** Always true: this page exists only in test payment mode (the web app shows a banner). */
  testMode: z.literal(true),
});
export type TestPayment = z.infer<typeof TestPaymentSchema>;

/** Where the payer comes back after the provider's page: the public order page or the order in the cabinet. */
export const PaymentReturnToSchema = z.enum(['order', 'cabinet']);
export type PaymentReturnTo = z.infer<typeof PaymentReturnToSchema>;

export const CreatePaymentLinkRequestSchema = z.object({
  email: z.string().trim().max(254).nullable().optional(),
  returnTo: PaymentReturnToSchema.optional(),
});

export const PaymentOutcomeQuerySchema = z.object({ payment: IdSchema.optional() });

/**
 * The server's view of one payment of an order (decision 035): `paid`, `not_paid` (declined, cancelled, or a
 * link the order's new amount replaced) or `pending` (the provider has not settled it yet). `reference` is the
 * provider's payment id; `receiptRegistration` the provider's state of the 54-FZ receipt, where it gives one.
 */
export const PaymentOutcomeStatusSchema = z.enum(['paid', 'not_paid', 'pending']);
export type PaymentOutcomeStatus = z.infer<typeof PaymentOutcomeStatusSchema>;

export const PaymentOutcomeSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  amount: z.number(),
  isPaid: z.boolean(),
  /** The order can be paid now (not paid, not cancelled). */
  canPay: z.boolean(),
  payment: z
    .object({
      id: z.string(),
      status: PaymentOutcomeStatusSchema,
      reference: z.string().nullable(),
      receiptRegistration: z.enum(['pending', 'succeeded', 'canceled']).nullable(),
      testMode: z.boolean(),
    })
    .nullable(),
});
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;

export const RetryPaymentRequestSchema = z.object({ paymentId: IdSchema });
