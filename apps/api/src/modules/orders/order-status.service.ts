import { and, eq } from 'drizzle-orm';
import type { OrderStatus, UpdateOrderStatusRequest } from '@app/contracts';
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  formatMessage,
  MESSAGES,
  ORDER_STATUS_LABELS,
  STAFF_STATUS_TRANSITIONS,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { UserPrincipal } from '../auth/principal.ts';
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
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
}) {
  const { db, query, mail, notifications, config, clock } = deps;

  return {
    /**
     * A customer may only cancel their own NEW or PAID order; staff follow STAFF_STATUS_TRANSITIONS.
     * The row is updated only from the status it was read in, so two concurrent changes cannot both win.
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
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(orders)
          .set({ status: input.status, updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
          .returning();
        if (!updated) throw new AppError('CONFLICT', 'Статус заказа уже изменился. Обновите страницу.');
        await tx.insert(orderStatusHistory).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: input.status,
          comment: input.comment ?? null,
          actorUserId: actor.userId,
          createdAt: now,
        });
        const label = ORDER_STATUS_LABELS[input.status];
        if (updated.userId) {
          await notifications.create(tx, {
            userId: updated.userId,
            type: NOTIFICATION_TYPE[input.status] ?? 'status_changed',
            title: `Заказ №${updated.number}: ${label.toLowerCase()}`,
            body: input.comment
              ? `Статус заказа — «${label}». ${input.comment}`
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
            (input.comment ? `\nКомментарий: ${input.comment}` : '') +
            `\n\nЗаказ в личном кабинете: ${config.publicUrl}/cabinet/orders/${updated.id}`,
        });
      });
      return query.getDetail(actor, order.id);
    },
  };
}
