import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { StaffPushRequest, StaffPushResponse } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, pushSubscriptions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { PushService } from './push.service.ts';

export type PushStaffService = ReturnType<typeof createPushStaffService>;

/** Who "staff" means for a broadcast: the back-office roles that run orders (partners are not included). */
const STAFF_AUDIENCE_ROLES = ['ADMIN', 'MANAGER'] as const;

/**
 * Messages composed in the back office (/crm/push-notifications).
 *
 * The push is sent directly, not through a `notification-tasks` job: the screen has to show how many pushes
 * were delivered, failed and removed, and a queued job cannot answer the request that queued it. For the same
 * reason the in-app notifications are inserted here without `notifications.create`, which would queue a second
 * `send-push` per row. A broadcast to many customers therefore takes as long as the push service needs;
 * only users with a push subscription are contacted.
 */
export function createPushStaffService(deps: { db: Db; push: PushService }) {
  const { db, push } = deps;

  function audienceCondition(input: StaffPushRequest) {
    if (input.audience === 'user') return eq(users.id, input.userId!);
    if (input.audience === 'staff') return inArray(users.role, [...STAFF_AUDIENCE_ROLES]);
    return eq(users.role, 'USER');
  }

  return {
    async send(actor: UserPrincipal, input: StaffPushRequest): Promise<StaffPushResponse> {
      const where = audienceCondition(input);
      const recipients = await db.transaction(async (tx) => {
        // One INSERT … SELECT for the whole audience: an in-app copy for everyone, subscribed or not.
        const rows = await tx
          .insert(notifications)
          .select(
            tx
              .select({
                id: sql`gen_random_uuid()`.as('id'),
                userId: users.id,
                type: sql`'message'`.as('type'),
                title: sql`${input.title}`.as('title'),
                body: sql`${input.body}`.as('body'),
                orderId: sql`null::uuid`.as('order_id'),
                readAt: sql`null::timestamptz`.as('read_at'),
                createdAt: sql`now()`.as('created_at'),
              })
              .from(users)
              .where(where),
          )
          .returning({ userId: notifications.userId });
        if (input.audience === 'user' && rows.length === 0) throw notFound(MESSAGES.pushRecipientNotFound);
        await tx.insert(auditLog).values({
          actorUserId: actor.userId,
          action: 'push.send',
          entity: 'push',
          entityId: input.audience === 'user' ? (input.userId ?? null) : input.audience,
          data: {
            audience: input.audience,
            title: input.title,
            body: input.body,
            url: input.url,
            recipients: rows.length,
          },
        });
        return rows.length;
      });

      const subscribed = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            where,
            exists(
              db
                .select({ one: sql`1` })
                .from(pushSubscriptions)
                .where(eq(pushSubscriptions.userId, users.id)),
            ),
          ),
        );
      const defaultUrl = input.audience === 'staff' ? '/crm/home' : '/cabinet/notifications';
      const delivery = await push.sendToUsers(
        subscribed.map((row) => row.id),
        { title: input.title, body: input.body, url: input.url ?? defaultUrl },
      );
      return { recipients, ...delivery };
    },
  };
}
