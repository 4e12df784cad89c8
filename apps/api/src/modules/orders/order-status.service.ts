import { and, desc, eq } from 'drizzle-orm';
import type { OrderStatus, UpdateOrderStatusRequest } from '@app/contracts';
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  formatMessage,
  MESSAGES,
  ORDER_STATUS_LABELS,
  STAFF_STATUS_TRANSITIONS,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OrdersQueryService } from './orders-query.service.ts';

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;

const NOTIFICATION_TYPE: Partial<Record<OrderStatus, 'order_canceled' | 'order_ready' | 'status_changed'>> = {
  CANCELED: 'order_canceled',
  READY: 'order_ready',
};

export function createOrderStatusService(deps: {
  db: Db;
  query: OrdersQueryService;
  mail: MailService;
  notifications: NotificationsService;
  jobs: Jobs;
  config: Pick<Config, 'publicUrl' | 'automation'>;
  clock: Clock;
}) {
  const { db, query, mail, notifications, jobs, config, clock } = deps;

  /**
   * Moves the order from `from` to `to` (only if it is still in `from`), writes the history, notifies the customer
   * (in-app and e-mail) and, for DELIVERING, schedules the automatic completion. Returns false if it had moved.
   */
  async function applyTransition(
    tx: Tx,
    change: {
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      comment: string | null;
      actorUserId: string | null;
    },
  ): Promise<boolean> {
    const now = clock.now();
    const [updated] = await tx
      .update(orders)
      .set({ status: change.to, updatedAt: now })
      .where(and(eq(orders.id, change.orderId), eq(orders.status, change.from)))
      .returning();
    if (!updated) return false;
    await tx.insert(orderStatusHistory).values({
      orderId: updated.id,
      fromStatus: change.from,
      toStatus: change.to,
      comment: change.comment,
      actorUserId: change.actorUserId,
      createdAt: now,
    });
    const label = ORDER_STATUS_LABELS[change.to];
    if (updated.userId) {
      await notifications.create(tx, {
        userId: updated.userId,
        type: NOTIFICATION_TYPE[change.to] ?? 'status_changed',
        title: `Заказ №${updated.number}: ${label.toLowerCase()}`,
        body: change.comment
          ? `Статус заказа — «${label}». ${change.comment}`
          : `Статус заказа — «${label}».`,
        orderId: updated.id,
      });
    }
    await mail.queue(tx, {
      to: updated.email,
      orderId: updated.id,
      subject: `Заказ №${updated.number}: ${label.toLowerCase()}`,
      text:
        `Здравствуйте, ${updated.name}!\n\nСтатус заказа №${updated.number} — «${label}».` +
        (change.comment ? `\nКомментарий: ${change.comment}` : '') +
        `\n\nЗаказ в личном кабинете: ${config.publicUrl}/cabinet/orders/${updated.id}`,
    });
    if (change.to === 'DELIVERING') {
      const days = config.automation.orderAutoCompleteDays;
      await jobs.send(
        tx,
        'order-processing',
        {
          name: 'change-status',
          orderId: updated.id,
          from: 'DELIVERING',
          to: 'COMPLETED',
          since: now.toISOString(),
          comment: `Заказ закрыт автоматически через ${days} дн. после передачи в доставку`,
        },
        { startAfter: new Date(now.getTime() + days * 24 * 3600 * 1000) },
      );
    }
    return true;
  }

  return {
    /**
     * A system transition (jobs: automatic completion, courier delivery progress). Nothing happens when the order
     * is no longer in `from`, or — with `since` — when it re-entered `from` after that time (a newer job owns it).
     */
    async changeStatusBySystem(input: {
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      comment: string | null;
      since?: string | null;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (input.since) {
          // Lock the order row before reading its history (decision 019): a staff change that makes the order
          // re-enter `from` takes the same lock, so it is either seen here or waits until this move is done.
          await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for('update');
          const [entered] = await tx
            .select({ createdAt: orderStatusHistory.createdAt })
            .from(orderStatusHistory)
            .where(
              and(eq(orderStatusHistory.orderId, input.orderId), eq(orderStatusHistory.toStatus, input.from)),
            )
            .orderBy(desc(orderStatusHistory.createdAt))
            .limit(1);
          if (entered && entered.createdAt.getTime() > new Date(input.since).getTime() + 1000) return false;
        }
        return applyTransition(tx, { ...input, actorUserId: null });
      });
    },

    /**
     * A customer may only cancel their own NEW or PAID order; staff follow STAFF_STATUS_TRANSITIONS.
     * The row is locked and updated only from the status it was read in, so two concurrent changes cannot both win;
     * a cancellation of an order that got paid meanwhile is refused as paid (a paid order's cancellation is a
     * separate, deliberate decision).
     */
    async updateStatus(actor: UserPrincipal, input: UpdateOrderStatusRequest) {
      const order = await query.findVisible(actor, input.id);
      const isStaff = actor.role === 'ADMIN' || actor.role === 'MANAGER';
      const isHandingOver = await query.isPartnerOrder(actor, order);
      if (isHandingOver) {
        // A pickup-point partner only marks a ready order as handed over.
        if (order.status !== 'READY' || input.status !== 'COMPLETED')
          throw forbidden(MESSAGES.partnerHandOverOnly);
      } else if (!isStaff) {
        if (input.status !== 'CANCELED') throw forbidden(MESSAGES.customerCancelOnly);
        if (!(CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(order.status)) {
          throw new AppError('BAD_REQUEST', MESSAGES.orderNotCancellable);
        }
      } else if (!(STAFF_STATUS_TRANSITIONS[order.status] as readonly string[]).includes(input.status)) {
        throw new AppError(
          'BAD_REQUEST',
          formatMessage(MESSAGES.statusTransitionForbidden, {
            from: ORDER_STATUS_LABELS[order.status],
            to: ORDER_STATUS_LABELS[input.status],
          }),
        );
      }
      await db.transaction(async (tx) => {
        // The same row lock as payment settlement (decision 019): a payment that lands first is seen here.
        const [locked] = await tx
          .select({ isPaid: orders.isPaid })
          .from(orders)
          .where(eq(orders.id, order.id))
          .for('update');
        if (input.status === 'CANCELED' && locked?.isPaid && !order.isPaid)
          throw new AppError('CONFLICT', MESSAGES.orderAlreadyPaid);
        const changed = await applyTransition(tx, {
          orderId: order.id,
          from: order.status,
          to: input.status,
          comment: input.comment ?? null,
          actorUserId: actor.userId,
        });
        if (!changed) throw new AppError('CONFLICT', 'Статус заказа уже изменился. Обновите страницу.');
      });
      return query.getDetail(actor, order.id);
    },
  };
}
