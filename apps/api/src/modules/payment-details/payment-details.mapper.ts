import type { PaymentDetails, PaymentDetailsResponse } from '@app/contracts';
import type { partnerPaymentDetails } from '../../db/schema/index.ts';
import type { PaymentDetailChangeRow } from './payment-details.repository.ts';

type DetailsRow = typeof partnerPaymentDetails.$inferSelect;

export function toPaymentDetailsResponse(
  current: DetailsRow | undefined,
  pending: PaymentDetailChangeRow | undefined,
): PaymentDetailsResponse {
  return {
    current: current
      ? {
          payeeType: current.payeeType,
          payeeName: current.payeeName,
          inn: current.inn,
          kpp: current.kpp,
          bik: current.bik,
          account: current.account,
          correspondentAccount: current.correspondentAccount,
          bankName: current.bankName,
          confirmedAt: current.confirmedAt.toISOString(),
        }
      : null,
    pending: pending
      ? {
          ...(pending.details as PaymentDetails),
          requestedAt: pending.createdAt.toISOString(),
          expiresAt: pending.expiresAt.toISOString(),
        }
      : null,
  };
}

/** «•••• 2345»: what a mail or a log may show of an account. */
export function maskAccount(account: string): string {
  return `•••• ${account.slice(-4)}`;
}
