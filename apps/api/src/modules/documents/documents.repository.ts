import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderDocuments } from '../../db/schema/index.ts';

export type OrderDocumentRow = typeof orderDocuments.$inferSelect;

/** The one writer of `order_documents` (decision 026). */
export function createDocumentsRepository() {
  return {
    async findByOrderAndKind(
      db: DbOrTx,
      orderId: string,
      kind: OrderDocumentRow['kind'],
    ): Promise<OrderDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, kind)));
      return row;
    },
    /** Undefined when the order already has a document of that kind (generated at the same moment). */
    async insertIfAbsent(
      db: DbOrTx,
      values: typeof orderDocuments.$inferInsert,
    ): Promise<OrderDocumentRow | undefined> {
      const [row] = await db.insert(orderDocuments).values(values).onConflictDoNothing().returning();
      return row;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
