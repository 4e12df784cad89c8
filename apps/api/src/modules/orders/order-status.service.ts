import type {
  BulkOrderStatusRequest,
  BulkOrderStatusResponse,
  BulkOrderStatusResult,
  ManualPayment,
  OrderStatus,
  UpdateOrderStatusRequest,
} from '@app/contracts';
import {
  COMPLETED_CORRECTION_STATUSES,
  CUSTOMER_CANCELLABLE_STATUSES,
  formatMessage,
  formatRub,
  MESSAGES,
  ORDER_STATUS_LABELS,
  STAFF_ROLES,
  STAFF_STATUS_TRANSITIONS,
  STATUSES_PAST_PAID,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PaymentsRepository } from '../payments/payments.repository.ts';
import type { CommissionsService } from '../commissions/commissions.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import type { AnalyticsService } from '../analytics/analytics.service.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { OrdersQueryService } from './query/orders-query.service.ts';

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;

/** Who changes an order's status; each has its own rule in `assertTransitionAllowed`. */
export type StatusChangeBy =
  /** ADMIN or MANAGER in the CRM: STAFF_STATUS_TRANSITIONS. */
  | { kind: 'staff'; userId: string }
  /** The order's owner in the cabinet: cancels a NEW or PAID order, nothing else. */
  | { kind: 'customer'; userId: string }
  /** The PARTNER whose pickup point the order goes to: hands a READY order over (COMPLETED), nothing else. */
  | { kind: 'partner'; userId: string }
  /** ADMIN correcting a COMPLETED-by-mistake order back to an earlier status, with a reason (decision 043). */
  | { kind: 'correction'; userId: string }
  /** A job: the scheduled completion after DELIVERING, the courier delivery's progress. */
  | { kind: 'system' }
  /** A payment that settles the order: NEW becomes PAID; an order already past NEW keeps its status. */
  | { kind: 'payment'; amount: number };

export type OrderStatusChange = {
  orderId: string;
  /** The status the caller saw; nothing happens if the order is no longer in it. */
  from: OrderStatus;
  to: OrderStatus;
  /** The note to the customer: mailed and shown in the cabinet. */
  comment: string | null;
  /** Staff only (decision 048): stored in the history, never mailed nor shown to the customer. */
  internalNote?: string | null;
  by: StatusChangeBy;
  /** System changes: nothing happens if the order re-entered `from` after this time (a newer job owns it). */
  since?: string | null;
  /** People: whether the order was paid when they decided; a cancellation of an order paid meanwhile is refused. */
  seenPaid?: boolean;
  /**
   * False when the caller tells the customer itself in the same transaction (the results mail, decision 038):
   * the status mail and notification are left out; every other consequence still runs.
   */
  notifyCustomer?: boolean;
  /**
   * Staff moving an unpaid order past PAID: the payment taken outside the system (decision 043). It marks the
   * order paid, is stored as a `manual` payment and audited; without it such a move is refused.
   */
  manualPayment?: ManualPayment | null;
};

const PAST_PAID: ReadonlySet<OrderStatus> = new Set(STATUSES_PAST_PAID);

const NOTIFICATION_TYPE: Partial<Record<OrderStatus, 'order_canceled' | 'order_ready' | 'status_changed'>> = {
  CANCELED: 'order_canceled',
  READY: 'order_ready',
};

/** The transition rules of every kind of caller, in one place; throws the refusal people see. */
export function assertTransitionAllowed(by: StatusChangeBy, from: OrderStatus, to: OrderStatus): void {
  switch (by.kind) {
    case 'partner':
      if (from !== 'READY' || to !== 'COMPLETED') throw forbidden(MESSAGES.partnerHandOverOnly);
      return;
    case 'customer':
      if (to !== 'CANCELED') throw forbidden(MESSAGES.customerCancelOnly);
      if (!(CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(from)) {
        throw new AppError('BAD_REQUEST', MESSAGES.orderNotCancellable);
      }
      return;
    case 'staff':
      if (!(STAFF_STATUS_TRANSITIONS[from] as readonly string[]).includes(to)) {
        throw new AppError(
          'BAD_REQUEST',
          formatMessage(MESSAGES.statusTransitionForbidden, {
            from: ORDER_STATUS_LABELS[from],
            to: ORDER_STATUS_LABELS[to],
          }),
        );
      }
      return;
    case 'correction':
      if (from !== 'COMPLETED' || !(COMPLETED_CORRECTION_STATUSES as readonly string[]).includes(to)) {
        throw new AppError(
          'BAD_REQUEST',
          formatMessage(MESSAGES.statusTransitionForbidden, {
            from: ORDER_STATUS_LABELS[from],
            to: ORDER_STATUS_LABELS[to],
          }),
        );
      }
      return;
    case 'payment':
      if (to !== 'PAID') throw new Error(`A payment moves an order to PAID, not to ${to}`);
      return;
    case 'system':
      return;
  }
}

/** A payment taken outside the system is dated today or within the last year (Moscow days, decision 043). */
function assertManualPaymentDate(paidOn: string, now: Date): void {
  const today = new Date(now.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10);
  const yearAgo = new Date(now.getTime() + 3 * 3600 * 1000 - 366 * 24 * 3600 * 1000)
    .toISOString()
    .slice(0, 10);
  if (paidOn > today || paidOn < yearAgo)
    throw new AppError('BAD_REQUEST', MESSAGES.manualPaymentDateInvalid);
}

export function createOrderStatusService(deps: {
  db: Db;
  repo: OrdersRepository;
  query: OrdersQueryService;
  mail: MailService;
  notifications: NotificationsService;
  jobs: Jobs;
  paymentsRepo: PaymentsRepository;
  audit: AuditRepository;
  config: Pick<Config, 'publicUrl' | 'automation'>;
  clock: Clock;
  /** Partner commissions follow the order: created when paid, held from COMPLETED, reversed when cancelled. */
  commissions: Pick<CommissionsService, 'onOrderPaid' | 'onOrderStatusChanged'>;
  /** Integrators hear their attributed orders' payments and status changes (decision 071). */
  webhooks: Pick<WebhooksService, 'onOrderPaid' | 'onOrderStatusChanged'>;
  /** An unpaid order's cancellation frees its corporate coupon and its campaign budget (decision 076). */
  coupons: Pick<CouponsService, 'onOrderCanceled'>;
  /** The funnel's `paid` stage of an order placed in an analytics session (decision 066). */
  analytics: Pick<AnalyticsService, 'recordOrderStage'>;
}) {
  const {
    db,
    repo,
    query,
    mail,
    notifications,
    jobs,
    paymentsRepo,
    audit,
    config,
    clock,
    commissions,
    webhooks,
    coupons,
    analytics,
  } = deps;

  /**
   * `create-delivery` is enqueued here and nowhere else: a paid courier order gets its delivery booked with the
   * provider (automation/order-automation.service.ts#createDelivery runs the job, retried).
   */
  async function enqueueCreateDelivery(tx: Tx, order: OrderRow): Promise<void> {
    if (order.deliveryType === 'COURIER') {
      await jobs.send(tx, 'create-delivery', { orderId: order.id });
    }
  }

  /** The customer hears about the payment in the cabinet and by e-mail. */
  async function notifyPaid(tx: Tx, order: OrderRow): Promise<void> {
    if (order.userId) {
      await notifications.create(tx, {
        userId: order.userId,
        type: 'order_paid',
        title: `Заказ №${order.number} оплачен`,
        body: `Мы получили оплату ${formatRub(order.amount)}. Переводчик приступает к работе.`,
        orderId: order.id,
      });
    }
    await mail.queue(tx, {
      to: order.email,
      orderId: order.id,
      template: 'payment-received',
      params: { order, publicUrl: config.publicUrl },
    });
  }

  /** The customer hears about the new status in the cabinet and by e-mail. */
  async function notifyStatus(
    tx: Tx,
    order: OrderRow,
    to: OrderStatus,
    comment: string | null,
  ): Promise<void> {
    const label = ORDER_STATUS_LABELS[to];
    if (order.userId) {
      await notifications.create(tx, {
        userId: order.userId,
        type: NOTIFICATION_TYPE[to] ?? 'status_changed',
        title: `Заказ №${order.number}: ${label.toLowerCase()}`,
        body: comment ? `Статус заказа — «${label}». ${comment}` : `Статус заказа — «${label}».`,
        orderId: order.id,
      });
    }
    await mail.queue(tx, {
      to: order.email,
      orderId: order.id,
      template: 'order-status-changed',
      params: { order, label, comment, publicUrl: config.publicUrl },
    });
  }

  /** An order handed to delivery completes by itself: a change-status job back into changeOrderStatus. */
  async function scheduleAutoCompletion(tx: Tx, order: OrderRow, now: Date): Promise<void> {
    const days = config.automation.orderAutoCompleteDays;
    await jobs.send(
      tx,
      'change-status',
      {
        orderId: order.id,
        from: 'DELIVERING',
        to: 'COMPLETED',
        since: now.toISOString(),
        comment: `Заказ закрыт автоматически через ${days} дн. после передачи в доставку`,
      },
      { startAfter: new Date(now.getTime() + days * 24 * 3600 * 1000) },
    );
  }

  /**
   * What follows a status change (and a payment), in the change's transaction. A new consequence of a status
   * change (commissions, webhooks, push) is added here, once, and every caller gets it.
   */
  async function afterStatusChange(
    tx: Tx,
    order: OrderRow,
    change: {
      from: OrderStatus;
      to: OrderStatus;
      comment: string | null;
      by: StatusChangeBy;
      notifyCustomer?: boolean;
    },
    now: Date,
  ): Promise<void> {
    // Webhooks of the order's integrator (only an order attributed to one has deliveries): one event per change.
    await webhooks.onOrderStatusChanged(tx, order, change);
    if (change.by.kind === 'payment') {
      await enqueueCreateDelivery(tx, order);
      await notifyPaid(tx, order);
      await commissions.onOrderPaid(tx, order);
      await webhooks.onOrderPaid(tx, order);
      await analytics.recordOrderStage(tx, 'paid', order);
      return;
    }
    await commissions.onOrderStatusChanged(tx, order, change);
    if (change.to === 'CANCELED')
      await coupons.onOrderCanceled(tx, order, 'userId' in change.by ? change.by.userId : null);
    if (change.notifyCustomer !== false) await notifyStatus(tx, order, change.to, change.comment);
    if (change.to === 'DELIVERING') await scheduleAutoCompletion(tx, order, now);
    // Left DELIVERING by any path (completed by staff, the partner or the courier's report, cancelled, moved
    // back): the scheduled completion has nothing left to do and is cancelled with this change, instead of
    // waiting among the deferred jobs for days (decision 045). The job that is completing the order is running,
    // not waiting, and is not touched.
    if (change.from === 'DELIVERING' && change.to !== 'DELIVERING') {
      await jobs.cancelWaiting(tx, 'change-status', { orderId: order.id, from: 'DELIVERING' });
    }
  }

  /**
   * The one way an order's status changes (decision 027): staff, customers, pickup partners, jobs and payments
   * all come here. Checks the transition for its caller, locks the order row (decision 019), moves the status
   * only if the order is still in `from` (a payment also marks it paid), writes the history and runs
   * `afterStatusChange`. Returns the changed order, or null when it had moved on (nothing is written then).
   */
  async function changeOrderStatus(tx: Tx, change: OrderStatusChange): Promise<OrderRow | null> {
    assertTransitionAllowed(change.by, change.from, change.to);
    const manual = change.manualPayment ?? null;
    if (manual && change.by.kind !== 'staff') throw forbidden(MESSAGES.manualPaymentStaffOnly);
    if (manual) assertManualPaymentDate(manual.paidOn, clock.now());
    if (change.by.kind === 'correction' && !change.comment?.trim())
      throw new AppError('BAD_REQUEST', MESSAGES.completedCorrectionReasonRequired);
    // A payment settlement, an amount change and any other status change take the same lock: a change made
    // first is seen here, a later one waits until this one is done.
    const locked = await repo.lockById(tx, change.orderId);
    if (!locked) return null;
    if (change.since) {
      const entered = await repo.lastEnteredAt(tx, change.orderId, change.from);
      if (entered && entered.getTime() > new Date(change.since).getTime() + 1000) return null;
    }
    if (change.to === 'CANCELED' && change.seenPaid === false && locked.isPaid)
      throw new AppError('CONFLICT', MESSAGES.orderAlreadyPaid);
    const by = change.by;
    // Decision 043: people move an unpaid order past PAID only with a payment recorded; revenue counts paid
    // orders. Jobs act on orders that were paid (a courier delivery is booked on payment) and are not refused.
    const paysManually = by.kind === 'staff' && !locked.isPaid && PAST_PAID.has(change.to) && manual !== null;
    if ((by.kind === 'staff' || by.kind === 'partner') && !locked.isPaid && PAST_PAID.has(change.to)) {
      if (by.kind === 'partner') throw new AppError('BAD_REQUEST', MESSAGES.partnerOrderNotPaid);
      if (!manual)
        throw new AppError(
          'BAD_REQUEST',
          formatMessage(MESSAGES.orderNotPaidForStatus, { to: ORDER_STATUS_LABELS[change.to] }),
        );
    }
    const now = clock.now();
    // A payment of an order already taken into work marks it paid and leaves its status as it is.
    const to = by.kind === 'payment' && change.from !== 'NEW' ? change.from : change.to;
    const order =
      by.kind === 'payment' || paysManually
        ? await repo.markPaid(tx, {
            id: change.orderId,
            from: change.from,
            to,
            amount: by.kind === 'payment' ? by.amount : locked.amount,
            now,
            outside: paysManually,
          })
        : await repo.moveStatus(tx, { id: change.orderId, from: change.from, to, now });
    if (!order) return null;
    if (paysManually && manual && by.kind === 'staff') {
      const payment = await paymentsRepo.insert(tx, {
        orderId: order.id,
        provider: 'manual',
        status: 'succeeded',
        amount: order.amount,
        manualMethod: manual.method,
        manualPaidOn: manual.paidOn,
        recordedByUserId: by.userId,
        manualComment: manual.comment ?? null,
        createdAt: now,
        updatedAt: now,
      });
      // Pending provider links no longer settle an order that is paid.
      await paymentsRepo.supersedePending(tx, order.id, now);
      // Paid outside the system: an attributed order earns its commission as with any payment, and the funnel
      // counts it paid.
      await commissions.onOrderPaid(tx, order);
      await webhooks.onOrderPaid(tx, order);
      await analytics.recordOrderStage(tx, 'paid', order);
      await audit.record(tx, {
        actorUserId: by.userId,
        action: 'order.payment.manual',
        entity: 'order',
        entityId: order.id,
        data: {
          paymentId: payment.id,
          amount: order.amount,
          method: manual.method,
          paidOn: manual.paidOn,
          comment: manual.comment ?? null,
          from: change.from,
          to,
        },
      });
    }
    if (by.kind === 'correction') {
      await audit.record(tx, {
        actorUserId: by.userId,
        action: 'order.status.correct',
        entity: 'order',
        entityId: order.id,
        data: { from: change.from, to, reason: change.comment },
      });
    }
    if (to !== change.from) {
      await repo.insertHistory(tx, {
        orderId: order.id,
        fromStatus: change.from,
        toStatus: to,
        comment: change.comment,
        internalNote: change.internalNote || null,
        actorUserId: 'userId' in by ? by.userId : null,
        createdAt: now,
      });
    }
    await afterStatusChange(tx, order, { ...change, to }, now);
    return order;
  }

  return {
    changeOrderStatus,

    /**
     * A system transition (jobs: automatic completion, courier delivery progress), in its own transaction.
     * Nothing happens when the order is no longer in `from`, or — with `since` — when it re-entered `from`
     * after that time (a newer job owns it).
     */
    async changeStatusBySystem(input: {
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      comment: string | null;
      since?: string | null;
    }): Promise<boolean> {
      const changed = await db.transaction((tx) =>
        changeOrderStatus(tx, { ...input, by: { kind: 'system' } }),
      );
      return changed !== null;
    },

    /**
     * A person's change from the cabinet or the CRM: a customer may only cancel their own NEW or PAID order, a
     * pickup partner only hand a READY order over, staff follow STAFF_STATUS_TRANSITIONS. Two concurrent changes
     * cannot both win; a cancellation of an order that got paid meanwhile is refused as paid (a paid order's
     * cancellation is a separate, deliberate decision).
     */
    async updateStatus(actor: UserPrincipal, input: UpdateOrderStatusRequest) {
      const order = await query.findVisible(actor, input.id);
      const isStaff = (STAFF_ROLES as readonly string[]).includes(actor.role);
      const by: StatusChangeBy = (await query.isPartnerOrder(actor, order))
        ? { kind: 'partner', userId: actor.userId }
        : actor.role === 'ADMIN' && order.status === 'COMPLETED'
          ? { kind: 'correction', userId: actor.userId }
          : isStaff
            ? { kind: 'staff', userId: actor.userId }
            : { kind: 'customer', userId: actor.userId };
      // The owner's cancellation of an order already cancelled (a double tap, a second tab) is that same
      // cancellation: it answers the order as it is, changing nothing.
      const repeatsCancel = by.kind === 'customer' && input.status === 'CANCELED';
      if (repeatsCancel && order.status === 'CANCELED') return query.getDetail(actor, order.id);
      await db.transaction(async (tx) => {
        const changed = await changeOrderStatus(tx, {
          orderId: order.id,
          from: order.status,
          to: input.status,
          comment: input.comment || null,
          // Customers and pickup partners have no internal notes.
          internalNote: by.kind === 'staff' || by.kind === 'correction' ? input.internalNote || null : null,
          by,
          seenPaid: order.isPaid,
          manualPayment: input.manualPayment ?? null,
        });
        if (changed) return;
        // The concurrent twin of this cancellation won: the order is cancelled, as asked.
        if (repeatsCancel && (await repo.lockById(tx, order.id))?.status === 'CANCELED') return;
        throw new AppError('CONFLICT', MESSAGES.orderStatusChangedMeanwhile);
      });
      // A pickup partner is answered with its read-only view by the route, never the full detail (decision 057).
      return by.kind === 'partner' ? null : query.getDetail(actor, order.id);
    },

    /**
     * Staff move many orders to one status: each order through `changeOrderStatus` as `staff` (never a correction
     * or a recorded payment — those are decided per order), in its own transaction, so one refusal (an unpaid
     * order past PAID, a transition the table forbids, a change made meanwhile) leaves the others applied. The
     * answer lists every order with its outcome and, when refused, the message the single change would show.
     */
    async updateStatusInBulk(
      actor: UserPrincipal,
      input: BulkOrderStatusRequest,
    ): Promise<BulkOrderStatusResponse> {
      const results: BulkOrderStatusResult[] = [];
      for (const id of [...new Set(input.ids)]) {
        let number: number | null = null;
        try {
          const order = await query.findVisible(actor, id);
          number = order.number;
          const changed = await db.transaction((tx) =>
            changeOrderStatus(tx, {
              orderId: order.id,
              from: order.status,
              to: input.status,
              comment: input.comment ?? null,
              by: { kind: 'staff', userId: actor.userId },
              seenPaid: order.isPaid,
            }),
          );
          if (!changed) throw new AppError('CONFLICT', MESSAGES.orderStatusChangedMeanwhile);
          results.push({ id, number, outcome: 'changed' });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, number, outcome: 'refused', message: error.message });
        }
      }
      const changed = results.filter((result) => result.outcome === 'changed').length;
      return { changed, refused: results.length - changed, results };
    },
  };
}
