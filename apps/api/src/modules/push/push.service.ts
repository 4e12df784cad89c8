import { eq } from 'drizzle-orm';
import type { PushSubscriptionJson } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifications, pushSubscriptions } from '../../db/schema/index.ts';
import { MESSAGES } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import {
  createWebPushSender,
  generateVapidKeys,
  guardPushSender,
  isAllowedPushEndpoint,
  type PushSender,
  type PushTarget,
  type VapidKeys,
} from '../../providers/push.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { SystemRepository } from '../system/system.repository.ts';
import type { PushRepository } from './push.repository.ts';

export type PushService = ReturnType<typeof createPushService>;
export type PushDelivery = { delivered: number; failed: number; removed: number };

const VAPID_SETTING = 'vapid_keys';
/** Requests to push services in flight at once during a broadcast. */
const PUSH_CONCURRENCY = 8;

export function createPushService(deps: {
  db: Db;
  repo: PushRepository;
  systemRepo: SystemRepository;
  config: Pick<Config, 'vapid' | 'push'>;
  /** Tests and other transports; by default web-push encryption sent with fetch. */
  createSender?: (vapid: VapidKeys) => PushSender;
}) {
  const { db, repo, systemRepo, config } = deps;
  let vapid: Promise<VapidKeys> | null = null;
  let sender: PushSender | null = null;

  /** Configured keys, or keys generated once and kept in the database (every process agrees on them). */
  function getVapid(): Promise<VapidKeys> {
    vapid ??= (async () => {
      if (config.vapid.publicKey && config.vapid.privateKey) {
        return {
          publicKey: config.vapid.publicKey,
          privateKey: config.vapid.privateKey,
          subject: config.vapid.subject,
        };
      }
      const keys = (await systemRepo.settingOnce(db, VAPID_SETTING, generateVapidKeys())) as {
        publicKey: string;
        privateKey: string;
      };
      return { ...keys, subject: config.vapid.subject };
    })().catch((error: unknown) => {
      vapid = null;
      throw error;
    });
    return vapid;
  }

  async function getSender(): Promise<PushSender> {
    // Checked again at send time: rows stored before the check, or a list narrowed since (decision 021).
    sender ??= guardPushSender((deps.createSender ?? createWebPushSender)(await getVapid()), config.push);
    return sender;
  }

  return {
    async publicKey(): Promise<string> {
      return (await getVapid()).publicKey;
    },

    /** One row per browser endpoint; a browser that changes hands follows its new owner. */
    async subscribe(
      actor: UserPrincipal,
      subscription: PushSubscriptionJson,
      userAgent: string | undefined,
    ): Promise<void> {
      if (!isAllowedPushEndpoint(subscription.endpoint, config.push)) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.pushEndpointNotAllowed, {
          details: [{ path: 'body.endpoint', message: MESSAGES.pushEndpointNotAllowed }],
        });
      }
      await repo.upsertSubscription(db, {
        userId: actor.userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent?.slice(0, 500) ?? null,
      });
    },

    /**
     * Sends one message to the given browser subscriptions, a few at a time; expired subscriptions (404/410)
     * are removed. Answers how many were delivered, failed and removed.
     */
    async sendToSubscriptions(
      targets: Array<PushTarget & { id: string }>,
      message: { title: string; body: string; url: string; tag?: string },
    ): Promise<PushDelivery> {
      const result: PushDelivery = { delivered: 0, failed: 0, removed: 0 };
      const push = await getSender();
      const payload = JSON.stringify(message);
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const target = targets[next++]!;
          const outcome = await push.send(target, payload);
          if (outcome.status === 'delivered') result.delivered += 1;
          else if (outcome.status === 'gone') {
            result.removed += 1;
            await repo.deleteSubscription(db, target.id);
          } else result.failed += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, targets.length) }, worker));
      return result;
    },

    /** Sends raw messages to users' browsers; expired subscriptions (404/410) are removed. */
    async sendToUsers(
      userIds: string[],
      message: { title: string; body: string; url: string; tag?: string },
    ): Promise<PushDelivery> {
      const result: PushDelivery = { delivered: 0, failed: 0, removed: 0 };
      const push = await getSender();
      for (const userId of userIds) {
        const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
        for (const target of targets) {
          const outcome = await push.send(target, JSON.stringify(message));
          if (outcome.status === 'delivered') result.delivered += 1;
          else if (outcome.status === 'gone') {
            result.removed += 1;
            await repo.deleteSubscription(db, target.id);
          } else result.failed += 1;
        }
      }
      return result;
    },

    /** The `send-push` job for one in-app notification. */
    async deliverNotification(notificationId: string): Promise<PushDelivery> {
      const [notification] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.id, notificationId));
      if (!notification) return { delivered: 0, failed: 0, removed: 0 };
      return this.sendToUsers([notification.userId], {
        title: notification.title,
        body: notification.body,
        url:
          notification.type === 'crm_access_request'
            ? '/crm/users'
            : notification.orderId
              ? `/cabinet/orders/${notification.orderId}`
              : '/cabinet/notifications',
        tag: notification.id,
      });
    },
  };
}
