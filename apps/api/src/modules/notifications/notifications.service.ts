import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { NotificationListResponse } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NewNotification, NotificationsRepository } from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: {
  db: Db;
  repo: NotificationsRepository;
  jobs: Jobs;
  clock: Clock;
}) {
  const { db, repo, jobs, clock } = deps;
  return {
    /** Records an in-app notification and queues its push, in the caller's transaction. */
    async create(tx: Tx, values: NewNotification): Promise<void> {
      const [id] = await repo.insert(tx, [values]);
      await jobs.send(tx, 'send-push', { notificationId: id!, orderId: values.orderId ?? null });
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
        items: page.rows.map(toNotification),
        unreadCount: unread?.value ?? 0,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
    async markRead(actor: UserPrincipal, id: string): Promise<void> {
      if (!(await repo.markRead(db, actor.userId, id, clock.now()))) throw notFound();
    },
    async markAllRead(actor: UserPrincipal): Promise<void> {
      await repo.markAllRead(db, actor.userId, clock.now());
    },
  };
}
