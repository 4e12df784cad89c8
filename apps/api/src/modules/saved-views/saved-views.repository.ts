import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderSavedViews, users } from '../../db/schema/index.ts';

export type SavedViewRow = typeof orderSavedViews.$inferSelect;

/** The one writer of `order_saved_views` (decision 026). */
export function createSavedViewsRepository() {
  return {
    listOf(db: DbOrTx, userId: string): Promise<SavedViewRow[]> {
      return db
        .select()
        .from(orderSavedViews)
        .where(eq(orderSavedViews.userId, userId))
        .orderBy(asc(orderSavedViews.createdAt), asc(orderSavedViews.id));
    },
    /** Locks the owner's user row: two saves of one user take turns, so the per-user limit holds. */
    async lockOwner(tx: DbOrTx, userId: string): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return rows.length > 0;
    },
    async countOf(tx: DbOrTx, userId: string): Promise<number> {
      const [row] = await tx
        .select({ total: count() })
        .from(orderSavedViews)
        .where(eq(orderSavedViews.userId, userId));
      return row?.total ?? 0;
    },
    /** The new row, or undefined when the user already has a view of that name. */
    async insert(tx: DbOrTx, input: { userId: string; name: string; query: Record<string, string> }) {
      const [row] = await tx.insert(orderSavedViews).values(input).onConflictDoNothing().returning();
      return row;
    },
    /** Deletes the user's own view; undefined when there is none with that id (or it is someone else's). */
    async deleteOwn(db: DbOrTx, userId: string, id: string) {
      const [row] = await db
        .delete(orderSavedViews)
        .where(and(eq(orderSavedViews.id, id), eq(orderSavedViews.userId, userId)))
        .returning();
      return row;
    },
  };
}
export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
