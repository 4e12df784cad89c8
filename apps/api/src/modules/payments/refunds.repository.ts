import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refunds } from '../../db/schema/index.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The one writer of `refunds` (decision 026; the payments module owns them, decision 046). Every change of a refund's
 * state is conditional on it still being `pending`, so a provider answer, a retry and a notification never finish
 * one refund twice.
 */
export function createRefundsRepository() {
  return {
    async insert(db: DbOrTx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
      const [row] = await db.insert(refunds).values(values).returning();
      return row!;
    },
    /** The provider's answer for a pending refund: its id, and the outcome when it has one. */
    async recordProviderAnswer(
      db: DbOrTx,
      id: string,
      answer: {
        providerRefundId: string;
        status: 'pending' | 'succeeded' | 'canceled';
        refundedOn: string | null;
        lastError: string | null;
      },
      now: Date,
    ): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(refunds)
        .set({ ...answer, updatedAt: now })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning();
      return row;
    },
    /** The provider could not be reached (or failed): the refund stays pending, with the error for staff. */
    async recordError(db: DbOrTx, id: string, error: string, now: Date): Promise<void> {
      await db
        .update(refunds)
        .set({ lastError: error.slice(0, 500), updatedAt: now })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },
    /** The provider refused the request itself: nothing went back, the amount is free again. */
    async cancel(db: DbOrTx, id: string, error: string, now: Date): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(refunds)
        .set({ status: 'canceled', lastError: error.slice(0, 500), updatedAt: now })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning();
      return row;
    },
  };
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
