import { and, asc, eq, isNotNull, isNull, lt, gt, notInArray, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@app/contracts';
import type { Config } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import { offices, orderStatusHistory, orders } from '#src/db/schema/index.ts';
import type { JobContext, JobResult } from '#src/jobs/jobs.ts';
import type { JobPayload } from '#src/jobs/registry.ts';
import type { Clock } from '#src/lib/clock.ts';
import {
  DELIVERED_CLAIM_STATUSES,
  FAILED_CLAIM_STATUSES,
  FINAL_CLAIM_STATUSES,
  TRACKABLE_CLAIM_STATUSES,
  ON_THE_WAY_CLAIM_STATUSES,
  type Coordinates,
  type DeliveryClient,
} from '#src/providers/delivery.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { OrderStatusService } from '../order-status.service.ts';
import type { OrdersRepository } from '../orders.repository.ts';

export type OrderAutomationService = ReturnType<typeof createOrderAutomationService>;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Unpaid orders older than this are not reminded about any more (they are stale, not forgotten). */
const PAYMENT_REMINDER_MAX_AGE_DAYS = 7;
/** A reminder run handles at most this many orders; the next run takes the rest. */
const BATCH = 200;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const includes = (list: readonly string[], value: string | null | undefined) =>
  value !== null && value !== undefined && list.includes(value);

/**
 * The background work on orders: scheduled status changes, courier deliveries with the delivery provider, and the
 * periodic reminders. Each job is safe to run twice; every attempt on an order is an order event.
 */
export function createOrderAutomationService(deps: {
  db: Db;
  repo: OrdersRepository;
  orderStatus: OrderStatusService;
  mail: MailService;
  delivery: DeliveryClient | null;
  config: Pick<Config, 'publicUrl' | 'automation'>;
  clock: Clock;
}) {
  const { db, repo, orderStatus, mail, delivery, config, clock } = deps;

  async function recordEvent(
    orderId: string,
    type: string,
    outcome: { isSuccess: boolean; error?: string | null; data?: Record<string, unknown> },
  ) {
    await repo.insertEvent(db, {
      orderId,
      type,
      isSuccess: outcome.isSuccess,
      error: outcome.error ?? null,
      data: outcome.data ?? null,
      createdAt: clock.now(),
    });
  }

  return {
    /** `change-status`: a scheduled transition; does nothing once the order has moved on. */
    async changeStatus(
      data: JobPayload<'change-status'>,
      context: Pick<JobContext, 'retryCount'>,
    ): Promise<JobResult> {
      const { orderId, from, to } = data;
      try {
        const changed = await orderStatus.changeStatusBySystem({
          orderId,
          from,
          to,
          comment: data.comment ?? null,
          since: data.since ?? null,
        });
        if (!changed) return { summary: 'Пропущено: статус заказа уже изменился' };
        await recordEvent(orderId, 'status_changed', {
          isSuccess: true,
          data: { from, to, attempt: context.retryCount + 1 },
        });
        return { summary: `Статус изменён: ${from} → ${to}` };
      } catch (error) {
        await recordEvent(orderId, 'status_changed', {
          isSuccess: false,
          error: messageOf(error),
          data: { from, to, attempt: context.retryCount + 1 },
        });
        throw error;
      }
    },

    /**
     * `create-delivery`: books the courier for a paid courier order. The order id is the provider's request id, so
     * a retry after a lost answer gets the same claim; an order that already has one is skipped.
     */
    async createDelivery(orderId: string, context: Pick<JobContext, 'retryCount'>): Promise<JobResult> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || order.deletedAt) return { summary: 'Пропущено: заказ не найден' };
      if (order.deliveryType !== 'COURIER') return { summary: 'Пропущено: заказ без курьерской доставки' };
      if (order.externalDeliveryId)
        return { summary: `Пропущено: доставка уже создана (${order.externalDeliveryId})` };
      if (order.status === 'CANCELED' || order.status === 'COMPLETED')
        return { summary: 'Пропущено: заказ закрыт' };
      if (!delivery) {
        return {
          summary: 'Пропущено: Яндекс Доставка не настроена, доставку оформляет менеджер',
          skipped: true,
        };
      }
      const attempt = context.retryCount + 1;
      const to = (order.deliveryData as { coordinates?: Coordinates | null } | null)?.coordinates ?? null;
      const [office] = await db
        .select()
        .from(offices)
        .where(and(eq(offices.isActive, true), isNotNull(offices.lat), isNotNull(offices.lon)))
        .orderBy(asc(offices.createdAt))
        .limit(1);
      const problem = !to
        ? 'Нет координат адреса доставки: оформите доставку вручную'
        : !office
          ? 'Нет действующего офиса с координатами для отправки'
          : !office.phone
            ? `У офиса «${office.name}» не указан телефон для курьера`
            : null;
      if (problem || !to || !office) {
        // Not something a retry can fix: recorded for the monitoring page, the job ends.
        await recordEvent(order.id, 'delivery_created', {
          isSuccess: false,
          error: problem,
          data: { attempt },
        });
        return { summary: `Не создана: ${problem}` };
      }
      const addressLine = [
        order.address,
        order.apartment ? `кв./офис ${order.apartment}` : null,
        order.entrance ? `подъезд ${order.entrance}` : null,
        order.floor ? `этаж ${order.floor}` : null,
      ]
        .filter(Boolean)
        .join(', ');
      try {
        const claim = await delivery.createClaim({
          requestId: order.id,
          orderNumber: order.number,
          from: {
            coordinates: [office.lat!, office.lon!],
            address: office.address,
            contact: { name: office.name, phone: office.phone!, email: office.email },
          },
          to: {
            coordinates: to,
            address: addressLine,
            contact: { name: order.name, phone: order.phoneNumber, email: order.email },
            comment:
              [order.intercom ? `Домофон: ${order.intercom}` : null, order.addressComment]
                .filter(Boolean)
                .join('. ') || null,
          },
        });
        const stored = await repo.setDeliveryClaim(db, order.id, claim, clock.now());
        if (!stored) return { summary: 'Пропущено: доставку уже создала другая попытка' };
        await recordEvent(order.id, 'delivery_created', {
          isSuccess: true,
          data: { claimId: claim.id, status: claim.status, attempt },
        });
        return { summary: `Доставка создана: ${claim.id}`, claimId: claim.id };
      } catch (error) {
        await recordEvent(order.id, 'delivery_created', {
          isSuccess: false,
          error: messageOf(error),
          data: { attempt },
        });
        throw error;
      }
    },

    /**
     * `check-yandex-delivery-statuses`: reads every open courier delivery. A priced claim is confirmed once the
     * translation is READY; pick-up moves the order to DELIVERING, delivery to COMPLETED (the customer is notified
     * by the status change); a cancelled or failed delivery is an error event for the staff.
     */
    async checkDeliveryStatuses(): Promise<JobResult> {
      if (!delivery) return { summary: 'Пропущено: Яндекс Доставка не настроена', skipped: true };
      const open = await db
        .select()
        .from(orders)
        .where(
          and(
            isNotNull(orders.externalDeliveryId),
            isNull(orders.deletedAt),
            notInArray(orders.status, ['COMPLETED', 'CANCELED']),
            or(
              isNull(orders.externalDeliveryStatus),
              notInArray(orders.externalDeliveryStatus, [...FINAL_CLAIM_STATUSES]),
            ),
          ),
        )
        .orderBy(asc(orders.externalDeliveryCheckedAt))
        .limit(BATCH);
      let changed = 0;
      let moved = 0;
      const errors: string[] = [];
      for (const order of open) {
        try {
          let claim = await delivery.getClaim(order.externalDeliveryId!);
          if (claim.status === 'ready_for_approval' && order.status === 'READY') {
            claim = await delivery.acceptClaim(claim.id, claim.version);
          }
          const previous = order.externalDeliveryStatus;
          // The courier's live tracking page exists once a courier is on the claim; asked until we have it.
          const trackingUrl =
            !order.externalDeliveryTrackingUrl && includes(TRACKABLE_CLAIM_STATUSES, claim.status)
              ? await delivery.getTrackingLink(claim.id).catch(() => null)
              : null;
          await repo.setDeliveryStatus(db, order.id, claim.status, clock.now(), trackingUrl);
          if (claim.status !== previous) {
            changed += 1;
            const failed = includes(FAILED_CLAIM_STATUSES, claim.status);
            await recordEvent(order.id, 'delivery_status', {
              isSuccess: !failed,
              error: failed ? `Доставка не выполнена: статус «${claim.status}» в Яндекс Доставке` : null,
              data: { claimId: claim.id, from: previous, to: claim.status },
            });
          }
          const target: { from: OrderStatus; to: OrderStatus; comment: string } | null =
            includes(DELIVERED_CLAIM_STATUSES, claim.status) &&
            (order.status === 'DELIVERING' || order.status === 'READY')
              ? { from: order.status, to: 'COMPLETED', comment: 'Курьер доставил документы' }
              : includes(ON_THE_WAY_CLAIM_STATUSES, claim.status) && order.status === 'READY'
                ? { from: 'READY', to: 'DELIVERING', comment: 'Курьер забрал документы и едет к вам' }
                : null;
          if (target && (await orderStatus.changeStatusBySystem({ orderId: order.id, ...target })))
            moved += 1;
        } catch (error) {
          errors.push(messageOf(error));
          await recordEvent(order.id, 'delivery_status', {
            isSuccess: false,
            error: messageOf(error),
            data: { claimId: order.externalDeliveryId },
          });
        }
      }
      if (errors.length > 0 && errors.length === open.length) throw new Error(errors[0]);
      return {
        summary: `Проверено доставок: ${open.length}, изменился статус: ${changed}, заказов переведено: ${moved}${errors.length ? `, ошибок: ${errors.length}` : ''}`,
        checked: open.length,
        changed,
        moved,
      };
    },

    /**
     * `send-payment-reminders`: one e-mail per unpaid NEW order placed more than the configured hours ago (and
     * less than a week ago). The order is marked in the same transaction that queues the message.
     */
    async sendPaymentReminders(): Promise<JobResult> {
      const now = clock.now();
      const olderThan = new Date(now.getTime() - config.automation.paymentReminderAfterHours * HOUR);
      const newerThan = new Date(now.getTime() - PAYMENT_REMINDER_MAX_AGE_DAYS * DAY);
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'NEW'),
            eq(orders.isPaid, false),
            isNull(orders.deletedAt),
            isNull(orders.paymentReminderSentAt),
            lt(orders.createdAt, olderThan),
            gt(orders.createdAt, newerThan),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(BATCH);
      let sent = 0;
      for (const { id } of due) {
        const didSend = await db.transaction(async (tx) => {
          const order = await repo.markPaymentReminderSent(tx, id, now);
          if (!order) return false;
          await mail.queue(tx, {
            to: order.email,
            orderId: order.id,
            template: 'payment-reminder',
            params: { order, publicUrl: config.publicUrl },
          });
          return true;
        });
        if (didSend) sent += 1;
      }
      return { summary: `Отправлено напоминаний об оплате: ${sent}`, sent };
    },

    /**
     * `send-act-exchange-reminders`: organizations whose completed orders have no signed act back get one e-mail
     * per address listing those orders, at most once per the configured interval (and not in the first interval
     * after completion).
     */
    async sendActExchangeReminders(): Promise<JobResult> {
      const now = clock.now();
      const intervalAgo = new Date(now.getTime() - config.automation.actReminderIntervalDays * DAY);
      const completedAt = db
        .select({
          orderId: orderStatusHistory.orderId,
          at: sql<Date>`max(${orderStatusHistory.createdAt})`.as('at'),
        })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.toStatus, 'COMPLETED'))
        .groupBy(orderStatusHistory.orderId)
        .as('completed_at');
      const due = await db
        .select({ id: orders.id, email: orders.email, inn: orders.organizationInn })
        .from(orders)
        .leftJoin(completedAt, eq(completedAt.orderId, orders.id))
        .where(
          and(
            eq(orders.payerType, 'ORGANIZATION'),
            eq(orders.status, 'COMPLETED'),
            isNull(orders.actExchangedAt),
            isNull(orders.deletedAt),
            or(isNull(orders.actReminderSentAt), lt(orders.actReminderSentAt, intervalAgo)),
            or(isNull(completedAt.at), lt(completedAt.at, intervalAgo)),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(BATCH);
      const groups = new Map<string, string[]>();
      for (const row of due) {
        const key = `${row.email}|${row.inn ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), row.id]);
      }
      let mails = 0;
      let reminded = 0;
      for (const ids of groups.values()) {
        await db.transaction(async (tx) => {
          const marked = await repo.markActRemindersSent(tx, ids, now, intervalAgo);
          const [first, ...rest] = marked.sort((a, b) => a.number - b.number);
          if (!first) return;
          await mail.queue(tx, {
            to: first.email,
            orderId: marked.length === 1 ? first.id : null,
            template: 'act-exchange-reminder',
            params: { orders: [first, ...rest], publicUrl: config.publicUrl },
          });
          mails += 1;
          reminded += marked.length;
        });
      }
      return { summary: `Напоминаний об актах: ${mails} (заказов: ${reminded})`, mails, orders: reminded };
    },
  };
}
