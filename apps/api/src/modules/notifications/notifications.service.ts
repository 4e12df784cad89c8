import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { NotificationListResponse } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { UserPrincipal } from '../auth/principal.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export type NewNotification = typeof notifications.$inferInsert;

export function createNotificationsService(deps: { db: Db; jobs: Jobs; clock: Clock }) {
  const { db, jobs, clock } = deps;
  return {
    /** Records an in-app notification and queues its push, in the caller's transaction. */
    async create(tx: Tx, values: NewNotification): Promise<void> {
      const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
      await jobs.send(tx, 'send-push', { notificationId: row!.id, orderId: values.orderId ?? null });
    },

    async list(
      actor: UserPrincipal,
      query: { limit: number; cursor?: string },
    ): Promise<NotificationListResponse> {
      const conditions = [eq(notifications.userId, actor.userId)];
      const after = keysetAfter(notifications.createdAt, notifications.id, query.cursor);
      if (after) conditions.push(after);
      const [rows, [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(and(...conditions))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.limit + 1),
        db
          .select({ value: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt))),
      ]);
      const page = keysetPage(rows, query.limit);
      return {
        items: page.rows.map((row) => ({
          id: row.id,
          type: row.type,
          title: row.title,
          body: row.body,
          orderId: row.orderId,
          isRead: row.readAt !== null,
          createdAt: row.createdAt.toISOString(),
        })),
        unreadCount: unread?.value ?? 0,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
    async markRead(actor: UserPrincipal, id: string): Promise<void> {
      const rows = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)))
        .returning({ id: notifications.id });
      if (rows.length === 0) throw notFound();
    },
    async markAllRead(actor: UserPrincipal): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
    },
  };
}
