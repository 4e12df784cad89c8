import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CommissionStatus } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  partnerCommissionEvents,
  partnerCommissions,
  partnerPayoutRuns,
  partnerPayouts,
} from '../../db/schema/index.ts';

export type CommissionRow = typeof partnerCommissions.$inferSelect;
export type PayoutRunRow = typeof partnerPayoutRuns.$inferSelect;
export type PayoutRow = typeof partnerPayouts.$inferSelect;

/**
 * The one writer of commissions and their audit trail (decision 026, 059, 062): partner_commissions,
 * partner_commission_events, partner_payout_runs and partner_payouts. Every change of a commission writes its event
 * row in the caller's transaction (`tx`); every status move is conditional on the status it leaves.
 */
export function createCommissionsRepository() {
  async function event(
    db: DbOrTx,
    rows: Array<{
      commissionId: string;
      fromStatus: string | null;
      toStatus: string;
      amountKopecks: number;
      actorUserId: string | null;
      note: string | null;
    }>,
  ): Promise<void> {
    if (rows.length > 0) await db.insert(partnerCommissionEvents).values(rows);
  }

  /** A DRAFT payout whose commissions changed gets its sum again; one left with nothing to pay is removed. */
  async function refreshDraftPayout(db: DbOrTx, payoutId: string): Promise<void> {
    const [sum] = await db
      .select({ kopecks: sql<string>`coalesce(sum(${partnerCommissions.amountKopecks}), 0)` })
      .from(partnerCommissions)
      .where(eq(partnerCommissions.payoutId, payoutId));
    const kopecks = Number(sum?.kopecks ?? 0);
    if (kopecks > 0) {
      await db
        .update(partnerPayouts)
        .set({ amountKopecks: kopecks })
        .where(and(eq(partnerPayouts.id, payoutId), eq(partnerPayouts.status, 'DRAFT')));
    } else {
      await db
        .update(partnerCommissions)
        .set({ payoutId: null })
        .where(eq(partnerCommissions.payoutId, payoutId));
      await db
        .delete(partnerPayouts)
        .where(and(eq(partnerPayouts.id, payoutId), eq(partnerPayouts.status, 'DRAFT')));
    }
  }

  return {
    /**
     * Reverses a PENDING or APPROVED commission (amount 0, the amount it had kept in original_amount_kopecks).
     * Returns false when it is PAID or already REVERSED (nothing changes): a paid commission is locked, and its
     * order's refund becomes a negative CLAWBACK commission instead. A commission in a DRAFT payout leaves it.
     */
    async reverse(
      db: DbOrTx,
      input: { commissionId: string; actorUserId: string | null; note: string },
    ): Promise<boolean> {
      const [before] = await db
        .select({ status: partnerCommissions.status, payoutId: partnerCommissions.payoutId })
        .from(partnerCommissions)
        .where(eq(partnerCommissions.id, input.commissionId))
        .for('update');
      if (!before || !['PENDING', 'APPROVED'].includes(before.status)) return false;
      await db
        .update(partnerCommissions)
        .set({ status: 'REVERSED', amountKopecks: 0, reversedAt: new Date(), payoutId: null })
        .where(eq(partnerCommissions.id, input.commissionId));
      await event(db, [
        {
          commissionId: input.commissionId,
          fromStatus: before.status,
          toStatus: 'REVERSED',
          amountKopecks: 0,
          actorUserId: input.actorUserId,
          note: input.note,
        },
      ]);
      if (before.payoutId) await refreshDraftPayout(db, before.payoutId);
      return true;
    },

    /** A new commission and its first event. ORDER and CLAWBACK are one per order: a repeat returns null. */
    async insert(
      db: DbOrTx,
      input: {
        partnerAccountId: string;
        kind: CommissionRow['kind'];
        orderId: string | null;
        status: 'PENDING' | 'APPROVED';
        baseKopecks: number;
        ratePercent: number | null;
        amountKopecks: number;
        reason: string | null;
        createdBy: string | null;
        now: Date;
        note: string;
      },
    ): Promise<CommissionRow | null> {
      const [row] = await db
        .insert(partnerCommissions)
        .values({
          partnerAccountId: input.partnerAccountId,
          kind: input.kind,
          orderId: input.orderId,
          status: input.status,
          baseKopecks: input.baseKopecks,
          ratePercent: input.ratePercent,
          amountKopecks: input.amountKopecks,
          originalAmountKopecks: input.amountKopecks,
          reason: input.reason,
          approvedAt: input.status === 'APPROVED' ? input.now : null,
          createdBy: input.createdBy,
          createdAt: input.now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await event(db, [
        {
          commissionId: row.id,
          fromStatus: null,
          toStatus: row.status,
          amountKopecks: row.amountKopecks,
          actorUserId: input.createdBy,
          note: input.note,
        },
      ]);
      return row;
    },

    /** A commission row locked for a change (null: none). */
    async lock(db: DbOrTx, commissionId: string): Promise<CommissionRow | null> {
      const [row] = await db
        .select()
        .from(partnerCommissions)
        .where(eq(partnerCommissions.id, commissionId))
        .for('update');
      return row ?? null;
    },

    /**
     * A new amount for an unpaid (PENDING or APPROVED) commission — a partial refund, a clawback grown by another
     * refund — with its event; false when it is no longer unpaid.
     */
    async changeAmount(
      db: DbOrTx,
      input: { commissionId: string; amountKopecks: number; note: string },
    ): Promise<boolean> {
      const [row] = await db
        .update(partnerCommissions)
        .set({ amountKopecks: input.amountKopecks, originalAmountKopecks: input.amountKopecks })
        .where(
          and(
            eq(partnerCommissions.id, input.commissionId),
            inArray(partnerCommissions.status, ['PENDING', 'APPROVED']),
          ),
        )
        .returning();
      if (!row) return false;
      await event(db, [
        {
          commissionId: row.id,
          fromStatus: row.status,
          toStatus: row.status,
          amountKopecks: row.amountKopecks,
          actorUserId: null,
          note: input.note,
        },
      ]);
      if (row.payoutId) await refreshDraftPayout(db, row.payoutId);
      return true;
    },

    /** The hold of an order's PENDING commission: when it may be approved (null: not until completed again). */
    async setApprovableAt(db: DbOrTx, orderId: string, at: Date | null): Promise<void> {
      await db
        .update(partnerCommissions)
        .set({ approvableAt: at })
        .where(
          and(
            eq(partnerCommissions.orderId, orderId),
            eq(partnerCommissions.kind, 'ORDER'),
            eq(partnerCommissions.status, 'PENDING'),
          ),
        );
    },

    /**
     * Approves every PENDING commission whose hold has passed, whose partner is ACTIVE and that no OPEN fraud event
     * holds (its order, or its partner without an order: decision 059) — ONE statement, with the events. Two runs
     * at once approve each commission once: the second waits on the rows and finds them no longer PENDING.
     */
    async approveDue(db: DbOrTx, now: Date): Promise<number> {
      const result = (await db.execute(sql`
        WITH approved AS (
          UPDATE partner_commissions c
             SET status = 'APPROVED', approved_at = ${now.toISOString()}::timestamptz
           WHERE c.status = 'PENDING'
             AND c.approvable_at IS NOT NULL
             AND c.approvable_at <= ${now.toISOString()}::timestamptz
             AND EXISTS (SELECT 1 FROM partner_accounts a WHERE a.id = c.partner_account_id AND a.status = 'ACTIVE')
             AND NOT EXISTS (
               SELECT 1 FROM partner_fraud_events f
                WHERE f.status = 'OPEN'
                  AND ((c.order_id IS NOT NULL AND f.order_id = c.order_id)
                    OR (f.partner_account_id = c.partner_account_id AND f.order_id IS NULL)))
          RETURNING c.id, c.amount_kopecks
        )
        INSERT INTO partner_commission_events (commission_id, from_status, to_status, amount_kopecks, note, at)
        SELECT id, 'PENDING', 'APPROVED', amount_kopecks, 'Срок удержания прошёл', ${now.toISOString()}::timestamptz
          FROM approved
        RETURNING id`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },

    async insertRun(
      db: DbOrTx,
      input: { periodFrom: string; periodTo: string; createdBy: string; now: Date },
    ): Promise<PayoutRunRow> {
      const [row] = await db
        .insert(partnerPayoutRuns)
        .values({ ...input, createdAt: input.now })
        .returning();
      return row!;
    },

    /** A partner's payout in a run; its commissions (still APPROVED and in no payout) get its id. */
    async insertPayout(
      db: DbOrTx,
      input: {
        runId: string;
        partnerAccountId: string;
        amountKopecks: number;
        payee: Record<string, string>;
        commissionIds: string[];
        now: Date;
      },
    ): Promise<PayoutRow> {
      const [payout] = await db
        .insert(partnerPayouts)
        .values({
          runId: input.runId,
          partnerAccountId: input.partnerAccountId,
          amountKopecks: input.amountKopecks,
          payee: input.payee,
          createdAt: input.now,
        })
        .returning();
      await db
        .update(partnerCommissions)
        .set({ payoutId: payout!.id })
        .where(
          and(
            inArray(partnerCommissions.id, input.commissionIds),
            eq(partnerCommissions.status, 'APPROVED'),
            isNull(partnerCommissions.payoutId),
          ),
        );
      return payout!;
    },

    /** DRAFT → PAID or CANCELLED, once: the run row that moved, or null when it was not DRAFT any more. */
    async closeRun(
      db: DbOrTx,
      input: { runId: string; to: 'PAID' | 'CANCELLED'; actorUserId: string; now: Date },
    ): Promise<PayoutRunRow | null> {
      const [run] = await db
        .update(partnerPayoutRuns)
        .set(
          input.to === 'PAID'
            ? { status: 'PAID', paidAt: input.now, paidBy: input.actorUserId }
            : { status: 'CANCELLED' },
        )
        .where(and(eq(partnerPayoutRuns.id, input.runId), eq(partnerPayoutRuns.status, 'DRAFT')))
        .returning();
      if (!run) return null;
      const payouts = await db
        .update(partnerPayouts)
        .set(input.to === 'PAID' ? { status: 'PAID', paidAt: input.now } : { status: 'CANCELLED' })
        .where(and(eq(partnerPayouts.runId, run.id), eq(partnerPayouts.status, 'DRAFT')))
        .returning({ id: partnerPayouts.id });
      const payoutIds = payouts.map((payout) => payout.id);
      if (payoutIds.length === 0) return run;
      if (input.to === 'CANCELLED') {
        // Its commissions are free again for the next run.
        await db
          .update(partnerCommissions)
          .set({ payoutId: null })
          .where(inArray(partnerCommissions.payoutId, payoutIds));
        return run;
      }
      const paid = await db
        .update(partnerCommissions)
        .set({ status: 'PAID', paidAt: input.now })
        .where(
          and(inArray(partnerCommissions.payoutId, payoutIds), eq(partnerCommissions.status, 'APPROVED')),
        )
        .returning({ id: partnerCommissions.id, amountKopecks: partnerCommissions.amountKopecks });
      await event(
        db,
        paid.map((row) => ({
          commissionId: row.id,
          fromStatus: 'APPROVED' satisfies CommissionStatus,
          toStatus: 'PAID' satisfies CommissionStatus,
          amountKopecks: row.amountKopecks,
          actorUserId: input.actorUserId,
          note: 'Выплачено',
        })),
      );
      return run;
    },
  };
}
export type CommissionsRepository = ReturnType<typeof createCommissionsRepository>;
