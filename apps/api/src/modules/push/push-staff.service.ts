import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  PushAudience,
  PushCampaign,
  PushCampaignListResponse,
  PushCampaignStatus,
  PushRecipientListResponse,
  StaffPushRequest,
} from '@app/contracts';
import { MESSAGES, STAFF_ROLES } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, pushSubscriptions, users } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { PushDelivery, PushService } from './push.service.ts';

export type PushStaffService = ReturnType<typeof createPushStaffService>;

/** Who "staff" means for a broadcast: the back-office roles that run orders (partners are not included). */
const STAFF_AUDIENCE_ROLES = STAFF_ROLES;
/** The job of the notification-tasks queue that sends one back-office message. */
export const SEND_STAFF_PUSH_JOB = 'send-staff-push';
/** Subscriptions read per round trip while a broadcast is sent. */
const SUBSCRIPTION_PAGE = 500;

/** What the `push.send` audit row keeps: the campaign itself (no campaigns table — decision 014). */
type CampaignData = {
  audience: PushAudience;
  userId: string | null;
  title: string;
  body: string;
  url: string | null;
  recipients: number;
};
/** What the `push.result` audit row keeps once the job is over. */
type ResultData = PushDelivery & { status: Exclude<PushCampaignStatus, 'sending'>; error: string | null };

/**
 * Messages composed in the back office (/crm/push-notifications).
 *
 * The request writes an in-app copy for every recipient, the campaign (an `audit_log` row `push.send`) and a
 * `send-staff-push` job on `notification-tasks`, in one transaction, and answers at once. The job sends the push
 * to every subscribed browser of the audience and appends a `push.result` row with the delivered / failed /
 * removed counts, which the screen polls for. The in-app copies are inserted directly rather than through
 * `notifications.create`, which would queue a second push per row.
 */
export function createPushStaffService(deps: { db: Db; push: PushService; jobs: Jobs }) {
  const { db, push, jobs } = deps;

  function audienceCondition(audience: PushAudience, userId: string | null): SQL {
    if (audience === 'user') return eq(users.id, userId ?? '00000000-0000-0000-0000-000000000000');
    if (audience === 'staff') return inArray(users.role, [...STAFF_AUDIENCE_ROLES]);
    return eq(users.role, 'USER');
  }

  const result = alias(auditLog, 'push_result');
  const sender = alias(users, 'push_sender');
  const recipient = alias(users, 'push_recipient');

  function campaignQuery() {
    return db
      .select({
        id: auditLog.id,
        data: auditLog.data,
        createdAt: auditLog.createdAt,
        result: result.data,
        finishedAt: result.createdAt,
        sentBy: sender.email,
        recipientEmail: recipient.email,
      })
      .from(auditLog)
      .leftJoin(
        result,
        and(
          eq(result.entity, 'push'),
          eq(result.entityId, sql`${auditLog.id}::text`),
          eq(result.action, 'push.result'),
        ),
      )
      .leftJoin(sender, eq(sender.id, auditLog.actorUserId))
      .leftJoin(recipient, sql`${recipient.id}::text = ${auditLog.data}->>'userId'`);
  }
  type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaignQuery>['execute']>>[number];

  function toCampaign(row: CampaignRow): PushCampaign {
    const data = row.data as CampaignData;
    const outcome = row.result as ResultData | null;
    return {
      id: row.id,
      audience: data.audience,
      user: data.userId ? { id: data.userId, email: row.recipientEmail ?? null } : null,
      title: data.title,
      body: data.body,
      url: data.url ?? null,
      status: outcome?.status ?? 'sending',
      recipients: data.recipients,
      delivered: outcome?.delivered ?? 0,
      failed: outcome?.failed ?? 0,
      removed: outcome?.removed ?? 0,
      error: outcome?.error ?? null,
      sentBy: row.sentBy ?? null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: outcome && row.finishedAt ? row.finishedAt.toISOString() : null,
    };
  }

  const isCampaign = and(eq(auditLog.entity, 'push'), eq(auditLog.action, 'push.send'));

  async function get(id: string): Promise<PushCampaign> {
    const [row] = await campaignQuery()
      .where(and(isCampaign, eq(auditLog.id, id)))
      .limit(1);
    if (!row) throw notFound(MESSAGES.pushCampaignNotFound);
    return toCampaign(row);
  }

  /** Every browser subscription of the audience, page by page, sent as it is read. */
  async function sendToAudience(
    campaign: CampaignData,
    message: { title: string; body: string; url: string },
  ) {
    const total: PushDelivery = { delivered: 0, failed: 0, removed: 0 };
    let lastId: string | null = null;
    for (;;) {
      const conditions = [audienceCondition(campaign.audience, campaign.userId)];
      if (lastId) conditions.push(gt(pushSubscriptions.id, lastId));
      const page = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(...conditions))
        .orderBy(asc(pushSubscriptions.id))
        .limit(SUBSCRIPTION_PAGE);
      if (page.length === 0) break;
      const delivery = await push.sendToSubscriptions(page, message);
      total.delivered += delivery.delivered;
      total.failed += delivery.failed;
      total.removed += delivery.removed;
      if (page.length < SUBSCRIPTION_PAGE) break;
      lastId = page.at(-1)!.id;
    }
    return total;
  }

  return {
    async send(actor: UserPrincipal, input: StaffPushRequest): Promise<PushCampaign> {
      // Picking one person needs the user directory, which is ADMIN's (spec 6, decision 021).
      if (input.audience === 'user' && actor.role !== 'ADMIN') throw forbidden(MESSAGES.pushUserAdminOnly);
      const id = randomUUID();
      const userId = input.audience === 'user' ? (input.userId ?? null) : null;
      const where = audienceCondition(input.audience, userId);
      await db.transaction(async (tx) => {
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
        const data: CampaignData = {
          audience: input.audience,
          userId,
          title: input.title,
          body: input.body,
          url: input.url ?? null,
          recipients: rows.length,
        };
        await tx.insert(auditLog).values({
          id,
          actorUserId: actor.userId,
          action: 'push.send',
          entity: 'push',
          entityId: id,
          data,
        });
        // Not retried: a second run would push the same message twice (pushes are best effort, decision 007).
        await jobs.send(tx, SEND_STAFF_PUSH_JOB, { campaignId: id }, { retryLimit: 0 });
      });
      return get(id);
    },

    /** The `send-staff-push` job: push to every subscribed browser, then record the counts. */
    async deliver(campaignId: string): Promise<void> {
      const campaign = await get(campaignId).catch(() => null);
      // Deleted meanwhile, or already sent by an earlier run of the job.
      if (!campaign || campaign.status !== 'sending') return;
      const defaultUrl = campaign.audience === 'staff' ? '/crm/home' : '/cabinet/notifications';
      let outcome: ResultData;
      let failure: unknown = null;
      try {
        const delivery = await sendToAudience(
          {
            audience: campaign.audience,
            userId: campaign.user?.id ?? null,
            title: campaign.title,
            body: campaign.body,
            url: campaign.url,
            recipients: campaign.recipients,
          },
          { title: campaign.title, body: campaign.body, url: campaign.url ?? defaultUrl },
        );
        outcome = { status: 'done', error: null, ...delivery };
      } catch (error) {
        failure = error;
        outcome = {
          status: 'failed',
          error: error instanceof Error ? error.message.slice(0, 500) : String(error),
          delivered: 0,
          failed: 0,
          removed: 0,
        };
      }
      await db.insert(auditLog).values({
        action: 'push.result',
        entity: 'push',
        entityId: campaignId,
        data: outcome,
      });
      // The queue records the failure too (monitoring shows it).
      if (failure) throw failure;
    },

    get,

    async list(query: { limit: number; cursor?: string }): Promise<PushCampaignListResponse> {
      const conditions = [isCampaign];
      const after = keysetAfter(auditLog.createdAt, auditLog.id, query.cursor);
      if (after) conditions.push(after);
      const rows = await campaignQuery()
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit + 1);
      const page = keysetPage(rows, query.limit);
      return {
        items: page.rows.map(toCampaign),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /** The one-user picker: anyone with an account, found by e-mail, phone or name. */
    async recipients(query: { search?: string; limit: number }): Promise<PushRecipientListResponse> {
      const conditions: SQL[] = [];
      const search = query.search?.trim();
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        const digits = search.replace(/\D/g, '');
        const alternatives = [
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
        ];
        if (digits.length >= 3) alternatives.push(ilike(users.phoneNumber, `%${digits}%`));
        conditions.push(or(...alternatives)!);
      }
      // Written out qualified: Drizzle drops table names from a one-table select, and `id` would be ambiguous.
      const subscriptions = sql<number>`(select count(*)::int from ${pushSubscriptions} where ${pushSubscriptions}.user_id = ${users}.id)`;
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          phoneNumber: users.phoneNumber,
          role: users.role,
          subscriptions,
        })
        .from(users)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(subscriptions), asc(users.email))
        .limit(query.limit);
      return {
        items: rows.map((row) => ({
          id: row.id,
          email: row.email,
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
          phoneNumber: row.phoneNumber,
          role: row.role,
          subscriptions: row.subscriptions,
        })),
      };
    },
  };
}
