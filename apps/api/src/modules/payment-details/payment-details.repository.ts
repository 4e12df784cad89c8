import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PaymentDetails } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { partnerPaymentDetailChanges, partnerPaymentDetails } from '../../db/schema/index.ts';

export type PaymentDetailChangeRow = typeof partnerPaymentDetailChanges.$inferSelect;

/**
 * The one writer of partner_payment_details and partner_payment_detail_changes (decisions 026, 059, 063). The
 * payouts read partner_payment_details directly.
 */
export function createPaymentDetailsRepository() {
  return {
    /** A new request makes the partner's earlier unconfirmed links useless (they expire now). */
    async expirePendingChanges(db: DbOrTx, partnerAccountId: string, now: Date): Promise<void> {
      await db
        .update(partnerPaymentDetailChanges)
        .set({ expiresAt: now })
        .where(
          and(
            eq(partnerPaymentDetailChanges.partnerAccountId, partnerAccountId),
            isNull(partnerPaymentDetailChanges.confirmedAt),
            gt(partnerPaymentDetailChanges.expiresAt, now),
          ),
        );
    },
    async insertChange(
      db: DbOrTx,
      values: {
        partnerAccountId: string;
        details: PaymentDetails;
        tokenHash: string;
        expiresAt: Date;
        now: Date;
      },
    ): Promise<void> {
      await db.insert(partnerPaymentDetailChanges).values({
        partnerAccountId: values.partnerAccountId,
        details: values.details,
        tokenHash: values.tokenHash,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      });
    },
    /**
     * Single use in one statement: only a live, unconfirmed change is taken, so two openings of the link apply it
     * once (the second finds confirmed_at set and gets nothing).
     */
    async consumeChange(
      db: DbOrTx,
      tokenHash: string,
      now: Date,
    ): Promise<PaymentDetailChangeRow | undefined> {
      const [row] = await db
        .update(partnerPaymentDetailChanges)
        .set({ confirmedAt: now })
        .where(
          and(
            eq(partnerPaymentDetailChanges.tokenHash, tokenHash),
            isNull(partnerPaymentDetailChanges.confirmedAt),
            gt(partnerPaymentDetailChanges.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
    async saveDetails(
      db: DbOrTx,
      partnerAccountId: string,
      details: PaymentDetails,
      now: Date,
    ): Promise<void> {
      const values = {
        payeeType: details.payeeType,
        payeeName: details.payeeName,
        inn: details.inn,
        kpp: details.kpp,
        bik: details.bik,
        bankName: details.bankName,
        account: details.account,
        correspondentAccount: details.correspondentAccount,
        confirmedAt: now,
        updatedAt: now,
      };
      await db
        .insert(partnerPaymentDetails)
        .values({ partnerAccountId, ...values })
        .onConflictDoUpdate({ target: partnerPaymentDetails.partnerAccountId, set: values });
    },
  };
}
export type PaymentDetailsRepository = ReturnType<typeof createPaymentDetailsRepository>;
