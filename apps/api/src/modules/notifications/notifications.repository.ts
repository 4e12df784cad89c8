import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** The one writer of `notifications` (decision 026); staff push campaigns insert their in-app copies here too. */
export function createNotificationsRepository() {
  return {
    /** The new rows' ids, in the order given. */
    async insert(db: DbOrTx, values: NewNotification[]): Promise<string[]> {
      if (values.length === 0) return [];
      const rows = await db.insert(notifications).values(values).returning({ id: notifications.id });
      return rows.map((row) => row.id);
    },
    /**
     * One INSERT … SELECT for a whole audience: a `message` notification for every user the condition selects.
     * The recipients' user ids.
     */
    async insertMessageForUsers(
      db: DbOrTx,
      message: { title: string; body: string },
      usersWhere: SQL | undefined,
    ): Promise<string[]> {
      const rows = await db
        .insert(notifications)
        .select(
          db
            .select({
              id: sql`gen_random_uuid()`.as('id'),
              userId: users.id,
              type: sql`'message'`.as('type'),
              title: sql`${message.title}`.as('title'),
              body: sql`${message.body}`.as('body'),
              orderId: sql`null::uuid`.as('order_id'),
              readAt: sql`null::timestamptz`.as('read_at'),
              createdAt: sql`now()`.as('created_at'),
            })
            .from(users)
            .where(usersWhere),
        )
        .returning({ userId: notifications.userId });
      return rows.map((row) => row.userId);
    },
    /** False when the user has no such notification. */
    async markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
    async markAllRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
