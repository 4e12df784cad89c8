import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

/** The one writer of `push_subscriptions` (decision 026). */
export function createPushRepository() {
  return {
    /** One row per browser endpoint; a browser that changes hands follows its new owner. */
    async upsertSubscription(
      db: DbOrTx,
      values: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
    ): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth },
        });
    },
    async deleteSubscription(db: DbOrTx, id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
