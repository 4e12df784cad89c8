import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partnerCommissionEvents, partnerCommissions } from '../../db/schema/index.ts';

export type CommissionRow = typeof partnerCommissions.$inferSelect;

/**
 * The one writer of commissions and their audit trail (decision 026, 059): partner_commissions,
 * partner_commission_events, partner_payout_runs and partner_payouts. Every change of a commission writes its event row in the same statement's
 * transaction (the caller's `tx`).
 */
export function createCommissionsRepository() {
  return {
    /**
     * Reverses a PENDING or APPROVED commission (amount 0, the amount it had kept in original_amount_kopecks).
     * Returns false when it is PAID or already REVERSED (nothing changes): a paid commission is locked, and its
     * order's refund becomes a negative CLAWBACK commission instead.
     */
    async reverse(
      db: DbOrTx,
      input: { commissionId: string; actorUserId: string | null; note: string },
    ): Promise<boolean> {
      const [before] = await db
        .select({ status: partnerCommissions.status })
        .from(partnerCommissions)
        .where(eq(partnerCommissions.id, input.commissionId))
        .for('update');
      if (!before || !['PENDING', 'APPROVED'].includes(before.status)) return false;
      await db
        .update(partnerCommissions)
        .set({ status: 'REVERSED', amountKopecks: 0, reversedAt: new Date() })
        .where(eq(partnerCommissions.id, input.commissionId));
      await db.insert(partnerCommissionEvents).values({
        commissionId: input.commissionId,
        fromStatus: before.status,
        toStatus: 'REVERSED',
        amountKopecks: 0,
        actorUserId: input.actorUserId,
        note: input.note,
      });
      return true;
    },
  };
}
export type CommissionsRepository = ReturnType<typeof createCommissionsRepository>;
