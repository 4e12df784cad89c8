import type { PaymentProvider } from '../../providers/payment.ts';
import type { PaymentRow } from './payments.repository.ts';

/** Row → response mapping of payments (decision 026): pure functions, no query and no rule. */

export type PaymentLink = {
  paymentId: string;
  confirmationUrl: string;
  provider: 'test' | 'yookassa';
  testMode: boolean;
};
export type TestPaymentView = {
  id: string;
  orderId: string;
  orderNumber: number;
  amount: number;
  status: string;
  testMode: true;
};

/** The link a payer follows, for a payment made with `provider` (the built-in test one is in test mode). */
export function toPaymentLink(
  payment: { id: string; confirmationUrl: string },
  provider: PaymentProvider['kind'],
): PaymentLink {
  return {
    paymentId: payment.id,
    confirmationUrl: payment.confirmationUrl,
    provider,
    testMode: provider === 'test',
  };
}

/** The built-in test payment page's view of a payment and its order number. */
export function toTestPaymentView(payment: PaymentRow, orderNumber: number): TestPaymentView {
  return {
    id: payment.id,
    orderId: payment.orderId,
    orderNumber,
    amount: payment.amount,
    status: payment.status,
    testMode: true,
  };
}
