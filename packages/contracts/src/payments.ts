import { IdSchema } from './common.ts';
import { isoDateField } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { MANUAL_PAYMENT_METHODS } from './orders.ts';
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

// ---- refunds (decision 046): staff return money of a received payment, in full or in part ----

export const REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;
export const REFUND_STATUS_LABELS = {
  pending: 'В обработке',
  succeeded: 'Выполнен',
  canceled: 'Отклонён',
} as const satisfies Record<RefundStatus, string>;

export const REFUND_REASON_MAX_LENGTH = 500;

/** How money of a payment taken outside the system went back (decision 043's methods), and the day. */
export const ManualRefundSchema = z.object({
  method: z.enum(MANUAL_PAYMENT_METHODS),
  refundedOn: isoDateField,
});
export type ManualRefund = z.infer<typeof ManualRefundSchema>;

export const CreateRefundRequestSchema = z.object({
  /** Which received payment is refunded; the order's newest received payment when absent. */
  paymentId: z.uuid({ message: MESSAGES.refundPaymentNotFound }).optional(),
  amount: z
    .number({ message: MESSAGES.refundAmountInvalid })
    .multipleOf(0.01, { message: MESSAGES.refundAmountInvalid })
    .gt(0, { message: MESSAGES.refundAmountInvalid })
    .max(10_000_000, { message: MESSAGES.refundAmountInvalid }),
  /** Single-line: the input guard refuses control characters and line breaks (decision 021). */
  reason: z
    .string({ message: MESSAGES.refundReasonMissing })
    .trim()
    .min(1, { message: MESSAGES.refundReasonMissing })
    .max(REFUND_REASON_MAX_LENGTH, { message: MESSAGES.refundReasonTooLong }),
  /** Required when the payment was taken outside the system (provider `manual`); ignored otherwise. */
  manual: ManualRefundSchema.optional(),
});
export type CreateRefundRequest = z.infer<typeof CreateRefundRequestSchema>;

export const RefundParamsSchema = z.object({
  id: IdSchema,
  refundId: z.uuid({ message: MESSAGES.refundNotFound }),
});

/** Where a payment's money was taken: online (YooKassa), the built-in test page, or outside the system. */
export const PaymentProviderKindSchema = z.enum(['yookassa', 'test', 'manual']);

export const RefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  provider: PaymentProviderKindSchema,
  amount: z.number(),
  reason: z.string(),
  status: RefundStatusSchema,
  /** A refund of a manual payment: how it was paid out; null for an online one. */
  method: z.enum(MANUAL_PAYMENT_METHODS).nullable(),
  /** The day the money went back (Moscow); null while pending or when canceled. */
  refundedOn: z.string().nullable(),
  createdAt: z.string(),
  /** Who recorded it (staff view only). */
  actor: z.string().nullable(),
  /** The provider's last error or refusal (staff view only). */
  error: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const OrderRefundsResponseSchema = z.object({
  orderId: z.string(),
  /** Received payments (succeeded), the base of what can be refunded. */
  paid: z.number(),
  /** Succeeded refunds. */
  refunded: z.number(),
  /** Refunds sent but not finished by the provider yet. */
  pending: z.number(),
  /** What can still be refunded: paid minus every refund not canceled. */
  remaining: z.number(),
  /** The received payments (staff view only; empty for the customer). */
  payments: z.array(
    z.object({
      id: z.string(),
      provider: PaymentProviderKindSchema,
      amount: z.number(),
      /** What can still be refunded of this payment. */
      remaining: z.number(),
      method: z.enum(MANUAL_PAYMENT_METHODS).nullable(),
      paidAt: z.string(),
    }),
  ),
  items: z.array(RefundSchema),
  /** Whether the caller may record a refund now (ADMIN, something left to refund). */
  canRefund: z.boolean(),
});
export type OrderRefundsResponse = z.infer<typeof OrderRefundsResponseSchema>;
