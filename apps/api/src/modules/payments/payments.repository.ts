import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
type PaymentStatus = PaymentRow['status'];

/**
 * The one writer of `payments` (decisions 026, 027): the payments service and the staff amount change (orders)
 * insert and update payments here only.
 */
export function createPaymentsRepository() {
  return {
    async insert(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },
    async setProviderLink(
      db: DbOrTx,
      id: string,
      link: { providerPaymentId: string; confirmationUrl: string },
      now: Date,
    ): Promise<void> {
      await db
        .update(payments)
        .set({ ...link, updatedAt: now })
        .where(eq(payments.id, id));
    },
    /** Records the provider's outcome only while the payment is in one of `from`; undefined otherwise. */
    async recordOutcome(
      db: DbOrTx,
      id: string,
      outcome: 'succeeded' | 'canceled',
      from: PaymentStatus[],
      now: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: outcome, updatedAt: now })
        .where(and(eq(payments.id, id), inArray(payments.status, from)))
        .returning();
      return row;
    },
    /** The order's amount changed: its pending links stop settling it (decision 022). Their ids. */
    async supersedePending(db: DbOrTx, orderId: string, now: Date): Promise<Array<{ id: string }>> {
      return db
        .update(payments)
        .set({ status: 'superseded', updatedAt: now })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
