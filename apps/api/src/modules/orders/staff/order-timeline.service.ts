import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { OrderTimelineEntry, OrderTimelineResponse } from '@app/contracts';
import { MESSAGES, ORDER_TIMELINE_LIMIT, QUEUE_NAMES } from '@app/contracts';
import type { Database } from '#src/db/client.ts';
import {
  auditLog,
  mailOutbox,
  notifications,
  orderEvents,
  orderNotes,
  orderStatusHistory,
  orders,
  partnerCouponBatches,
  partnerCouponCampaigns,
  partnerCoupons,
  payments,
  users,
} from '#src/db/schema/index.ts';
import { notFound } from '#src/lib/errors.ts';
import {
  toAuditEntry,
  toCouponEntry,
  toEventEntry,
  toJobEntry,
  toMailEntry,
  toNoteEntry,
  toPaymentEntries,
  toPushEntry,
  toStatusEntry,
  type TimelineJobRow,
} from './order-timeline.mapper.ts';

export type OrderTimelineService = ReturnType<typeof createOrderTimelineService>;

/** Within one moment (one transaction), what caused the rest comes first. */
const KIND_RANK: Record<OrderTimelineEntry['kind'], number> = {
  status: 0,
  payment: 1,
  amount: 2,
  edit: 2,
  action: 2,
  note: 3,
  mail: 4,
  push: 5,
  event: 6,
  job: 7,
};

const QUEUES_SQL = `name in (${QUEUE_NAMES.map((queue) => `'${queue}'`).join(', ')})`;

/**
 * One time-ordered list of what happened to an order (decision 055), staff only: status history, the audit log
 * (amount changes, edits, act, results), internal notes, mails (mail_outbox), in-app notifications with their
 * pushes, payments (link made, paid), failures the jobs recorded (order_events) and the pg-boss jobs that carry
 * the order's id (read-only, like monitoring, decision 032). Each source gives at most its newest
 * `ORDER_TIMELINE_LIMIT` rows; the merged list keeps the newest `ORDER_TIMELINE_LIMIT`, oldest first.
 */
export function createOrderTimelineService(deps: { database: Database }) {
  const { db } = deps.database;
  const limit = ORDER_TIMELINE_LIMIT;

  return {
    async timeline(orderId: string): Promise<OrderTimelineResponse> {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound(MESSAGES.orderNotFound);
      const [history, audit, notes, mails, pushes, paymentRows, events, jobs, coupons] = await Promise.all([
        db
          .select({ row: orderStatusHistory, actor: users.email })
          .from(orderStatusHistory)
          .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(desc(orderStatusHistory.createdAt))
          .limit(limit),
        db
          .select({ row: auditLog, actor: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)))
          .orderBy(desc(auditLog.createdAt))
          .limit(limit),
        db
          .select({ row: orderNotes, actor: users.email })
          .from(orderNotes)
          .leftJoin(users, eq(users.id, orderNotes.authorUserId))
          .where(eq(orderNotes.orderId, orderId))
          .orderBy(desc(orderNotes.createdAt))
          .limit(limit),
        db
          .select({
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .where(eq(mailOutbox.orderId, orderId))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(limit),
        db
          .select({ title: notifications.title, createdAt: notifications.createdAt })
          .from(notifications)
          .where(eq(notifications.orderId, orderId))
          .orderBy(desc(notifications.createdAt))
          .limit(limit),
        db
          .select({ row: payments, actor: users.email })
          .from(payments)
          .leftJoin(users, eq(users.id, payments.recordedByUserId))
          .where(eq(payments.orderId, orderId))
          .orderBy(desc(payments.createdAt))
          .limit(limit),
        // A delivered mail is already the mail's entry; the failures and the other events are news.
        db
          .select()
          .from(orderEvents)
          .where(
            and(
              eq(orderEvents.orderId, orderId),
              or(ne(orderEvents.type, 'email_sent'), eq(orderEvents.isSuccess, false)),
            ),
          )
          .orderBy(desc(orderEvents.createdAt))
          .limit(limit),
        deps.database.sql
          .executeSql(
            `select data->>'name' as job, state, created_on, completed_on, output
               from pgboss.job where ${QUEUES_SQL} and data->>'orderId' = $1
              order by created_on desc limit $2`,
            [orderId, limit],
          )
          .then((result) => result.rows as TimelineJobRow[]),
        // A corporate coupon used for the order, with its batch and campaign (decision 069).
        db
          .select({
            code: partnerCoupons.code,
            usedAt: partnerCoupons.usedAt,
            batchLabel: partnerCouponBatches.label,
            campaignName: partnerCouponCampaigns.name,
          })
          .from(partnerCoupons)
          .innerJoin(partnerCouponBatches, eq(partnerCouponBatches.id, partnerCoupons.batchId))
          .leftJoin(partnerCouponCampaigns, eq(partnerCouponCampaigns.id, partnerCouponBatches.campaignId))
          .where(eq(partnerCoupons.orderId, orderId)),
      ]);
      const entries: OrderTimelineEntry[] = [
        ...history.map(toStatusEntry),
        ...audit.flatMap(toAuditEntry),
        ...notes.map(toNoteEntry),
        ...mails.map(toMailEntry),
        ...pushes.map(toPushEntry),
        ...paymentRows.flatMap(toPaymentEntries),
        ...events.map(toEventEntry),
        ...jobs.map(toJobEntry),
        ...coupons.map(toCouponEntry),
      ];
      const sorted = entries
        .map((entry, index) => ({ entry, time: new Date(entry.at).getTime(), index }))
        .sort(
          (a, b) => a.time - b.time || KIND_RANK[a.entry.kind] - KIND_RANK[b.entry.kind] || a.index - b.index,
        )
        .map(({ entry }) => entry);
      const sourceFull = [history, audit, notes, mails, pushes, paymentRows, events, jobs].some(
        (rows) => rows.length === limit,
      );
      return { items: sorted.slice(-limit), truncated: sourceFull || sorted.length > limit };
    },
  };
}
