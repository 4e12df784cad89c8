import type { Refund } from '@app/contracts';
import type { PaymentRow } from './payments.repository.ts';
import type { RefundRow } from './refunds.repository.ts';

/** Row → response mapping of refunds (decision 026): pure functions, no query and no rule. */

export type RefundView = {
  refund: RefundRow;
  provider: PaymentRow['provider'];
  actorEmail: string | null;
};

/** A refund as staff see it (who, the provider's error) or as the customer does (`isStaffView` false). */
export function toRefund({ refund, provider, actorEmail }: RefundView, isStaffView: boolean): Refund {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    provider,
    amount: refund.amountKopecks / 100,
    reason: refund.reason,
    status: refund.status,
    method: refund.manualMethod,
    refundedOn: refund.refundedOn,
    createdAt: refund.createdAt.toISOString(),
    actor: isStaffView ? actorEmail : null,
    error: isStaffView ? refund.lastError : null,
  };
}
