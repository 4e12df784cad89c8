import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderResults } from '../../db/schema/index.ts';

export type OrderResultRow = typeof orderResults.$inferSelect;

/** The one writer of `order_results` (decision 026, 038). */
export function createOrderResultsRepository() {
  return {
    insertMany(db: DbOrTx, values: (typeof orderResults.$inferInsert)[]): Promise<OrderResultRow[]> {
      return db.insert(orderResults).values(values).returning();
    },
    /** Deletes a file not yet sent (one conditional statement: a file being sent is never removed). */
    async deleteUnsent(db: DbOrTx, orderId: string, resultId: string): Promise<OrderResultRow | undefined> {
      const [row] = await db
        .delete(orderResults)
        .where(
          and(eq(orderResults.id, resultId), eq(orderResults.orderId, orderId), isNull(orderResults.sentAt)),
        )
        .returning();
      return row;
    },
    /** Marks the order's unsent files sent; the ones this call sent (none when another call got there first). */
    markSent(db: DbOrTx, orderId: string, now: Date): Promise<OrderResultRow[]> {
      return db
        .update(orderResults)
        .set({ sentAt: now })
        .where(and(eq(orderResults.orderId, orderId), isNull(orderResults.sentAt)))
        .returning();
    },
  };
}
export type OrderResultsRepository = ReturnType<typeof createOrderResultsRepository>;
