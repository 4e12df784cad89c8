import type { PaymentOutcome, PaymentOutcomeStatus } from '@app/contracts';
import type { PaymentProvider, ProviderPayment } from '../../providers/payment.ts';
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
  returnUrl: string | null;
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
    returnUrl: payment.returnUrl,
    testMode: true,
  };
}

const OUTCOME_OF_STATUS = {
  succeeded: 'paid',
  pending: 'pending',
  canceled: 'not_paid',
  // The order's amount changed after the link was made: this link no longer pays it.
  superseded: 'not_paid',
} as const satisfies Record<PaymentRow['status'], PaymentOutcomeStatus>;

/** The outcome page's view of an order and one of its payments (decision 035). */
export function toPaymentOutcome(
  order: { id: string; number: number; amount: number; isPaid: boolean; status: string },
  payment: PaymentRow | null,
  receiptRegistration: ProviderPayment['receiptRegistration'],
): PaymentOutcome {
  return {
    orderId: order.id,
    orderNumber: order.number,
    amount: order.amount,
    isPaid: order.isPaid,
    canPay: !order.isPaid && order.status !== 'CANCELED',
    payment: payment
      ? {
          id: payment.id,
          status: OUTCOME_OF_STATUS[payment.status],
          reference: payment.providerPaymentId,
          receiptRegistration,
          testMode: payment.provider === 'test',
        }
      : null,
  };
}
