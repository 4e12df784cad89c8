import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { formatRub, MESSAGES, type PaymentOutcome, type PaymentReturnTo } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import type { JobResult } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PaymentProvider, ProviderPayment } from '../../providers/payment.ts';
import { receiptItems } from '../../providers/payment.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { OrderStatusService } from '../orders/order-status.service.ts';
import type { OrderRow, OrdersRepository } from '../orders/orders.repository.ts';
import {
  toPaymentLink,
  toPaymentOutcome,
  toTestPaymentView,
  type PaymentLink,
  type TestPaymentView,
} from './payments.mapper.ts';
import type { PaymentsRepository } from './payments.repository.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A pending payment link is reused for this long instead of creating another. */
const REUSE_PENDING_MS = 30 * 60 * 1000;
/**
 * Payments the provider may still complete: `pending`, and `superseded` (the order's amount changed after the link
 * was made; the link no longer settles the order, but money paid through it must still be recorded).
 */
export const OPEN_PAYMENT_STATUSES: Array<'pending' | 'superseded'> = ['pending', 'superseded'];

/** Pending payments older than this have expired at the provider and are no longer asked about. */
const RECONCILE_DAYS = 7;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  repo: PaymentsRepository;
  ordersRepo: OrdersRepository;
  orderStatus: OrderStatusService;
  audit: AuditRepository;
  config: Pick<Config, 'publicUrl' | 'siteOrigins'>;
  clock: Clock;
}) {
  const { db, provider, repo, ordersRepo, orderStatus, audit, config, clock } = deps;

  /**
   * Records the provider's outcome of a payment once, whatever the number of confirmations. A succeeded payment
   * settles its order only while that order still waits for exactly this amount; otherwise the money is recorded
   * (the payment is `succeeded`) and staff get a note on the order to refund or settle by hand — also when the order
   * was cancelled. The order row is locked first (as the amount change and the status change do), so a confirmation
   * never interleaves with an amount change or a cancellation.
   */
  async function settle(
    paymentId: string,
    outcome: 'succeeded' | 'canceled',
    from: Array<'pending' | 'superseded'> = OPEN_PAYMENT_STATUSES,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.id, paymentId));
      if (!target) return;
      const locked = await ordersRepo.lockById(tx, target.orderId);
      if (!locked) return;
      const payment = await repo.recordOutcome(tx, paymentId, outcome, from, clock.now());
      if (!payment || outcome !== 'succeeded') return;
      const now = clock.now();
      const problem = locked.deletedAt
        ? 'заказ удалён'
        : locked.status === 'CANCELED'
          ? 'заказ отменён'
          : locked.isPaid
            ? 'заказ уже оплачен'
            : locked.amount !== payment.amount
              ? `к оплате ${formatRub(locked.amount)}`
              : null;
      if (problem) {
        // Money came in but does not settle the order: flag it where staff look (notes) and in the audit log.
        await ordersRepo.insertNote(tx, {
          orderId: locked.id,
          text:
            `Получена оплата ${formatRub(payment.amount)}, но заказ не отмечен оплаченным (${problem}). ` +
            'Нужен возврат или ручная проверка.',
          createdAt: now,
        });
        await audit.record(tx, {
          action: 'payment.not-settled',
          entity: 'order',
          entityId: locked.id,
          data: { paymentId: payment.id, paid: payment.amount, due: locked.amount, reason: problem },
        });
        return;
      }
      // The order's one status-change function marks it paid (NEW becomes PAID), writes the history and runs
      // what follows a payment: the courier booking (create-delivery), the customer's notification and e-mail.
      await orderStatus.changeOrderStatus(tx, {
        orderId: locked.id,
        from: locked.status,
        to: 'PAID',
        comment: 'Оплата получена',
        by: { kind: 'payment', amount: payment.amount },
      });
    });
  }

  /** The webhook's logic: the payment's state is read back from the provider and settled once. */
  async function reread(providerPaymentId: string): Promise<'succeeded' | 'canceled' | null> {
    return (await rereadWithState(providerPaymentId)).outcome;
  }

  /** `reread`, also giving the provider's answer (the outcome page shows its receipt registration). */
  async function rereadWithState(
    providerPaymentId: string,
  ): Promise<{ outcome: 'succeeded' | 'canceled' | null; actual: ProviderPayment | null }> {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.kind), eq(payments.providerPaymentId, providerPaymentId)));
    if (!payment || (payment.status !== 'pending' && payment.status !== 'superseded'))
      return { outcome: null, actual: null };
    const actual = await provider.getPayment(providerPaymentId);
    if (!actual) return { outcome: null, actual };
    if (actual.status === 'succeeded' && actual.paid && actual.amount === payment.amount) {
      await settle(payment.id, 'succeeded');
      return { outcome: 'succeeded', actual };
    }
    if (actual.status === 'canceled') {
      await settle(payment.id, 'canceled');
      return { outcome: 'canceled', actual };
    }
    return { outcome: null, actual };
  }

  /** Where the provider sends the payer back: the page they paid from, naming this payment (never its outcome). */
  function returnUrlFor(
    siteUrl: string,
    returnTo: PaymentReturnTo,
    orderId: string,
    paymentId: string,
  ): string {
    const query = `payment=${encodeURIComponent(paymentId)}`;
    return returnTo === 'cabinet'
      ? `${siteUrl}/cabinet/orders/${orderId}?${query}`
      : `${siteUrl}/order/${orderId}/success?${query}`;
  }

  async function readOrderAndPayment(orderId: string, paymentId: string | undefined) {
    const [order] = await db
      .select({
        id: orders.id,
        number: orders.number,
        amount: orders.amount,
        isPaid: orders.isPaid,
        status: orders.status,
        email: orders.email,
        deletedAt: orders.deletedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order || order.deletedAt) throw notFound(MESSAGES.orderNotFound);
    if (!paymentId) return { order, payment: null };
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)));
    if (!payment) throw notFound(MESSAGES.paymentNotFound);
    return { order, payment };
  }

  /** The payer comes back to the site they paid from when it is one of ours (issue 16), else to PUBLIC_URL. */
  function siteUrlFor(requestOrigin: string | null): string {
    return requestOrigin !== null && config.siteOrigins.includes(requestOrigin)
      ? requestOrigin
      : config.publicUrl;
  }

  /**
   * Reuses the order's recent pending link or makes one. The order row is locked for the whole decision (decision
   * 019): concurrent clicks wait for each other, so the first one creates the payment (the provider call is made
   * under the lock, so the link is stored before anyone else looks) and the others get that same link. An order
   * the caller may not pay (`mayPay`) is "not found".
   */
  async function linkFor(
    orderId: string,
    mayPay: (order: OrderRow) => boolean,
    /** Where the provider sends the payer back, naming the payment. */
    returnUrlOf: (paymentId: string) => string,
    siteUrl: string = config.publicUrl,
  ): Promise<PaymentLink> {
    return db.transaction(async (tx) => {
      const order = await ordersRepo.lockById(tx, orderId);
      if (!order || order.deletedAt || !mayPay(order)) throw notFound(MESSAGES.orderNotFound);
      return linkForLocked(tx, order, returnUrlOf, siteUrl);
    });
  }

  /** linkFor's decision for an order the caller has locked in `tx` (so a mail can be queued in the same step). */
  async function linkForLocked(
    tx: Tx,
    order: OrderRow,
    returnUrlOf: (paymentId: string) => string,
    siteUrl: string,
  ): Promise<PaymentLink> {
    if (order.isPaid) throw new AppError('CONFLICT', MESSAGES.orderAlreadyPaid);
    if (order.status === 'CANCELED') throw new AppError('CONFLICT', MESSAGES.orderNotPayable);
    // A 0 ₽ (or negative) amount is never a payment link (issue 17), whatever wrote the amount.
    if (order.amount <= 0) throw new AppError('CONFLICT', MESSAGES.orderAmountNotPayable);

    // The newest recent pending link that brings the payer back to this page (cabinet / order page / status
    // page): each page keeps its own link, so clicks on two pages in turn do not make a new link each time.
    const pending = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.status, 'pending'),
          eq(payments.provider, provider.kind),
          gt(payments.createdAt, new Date(clock.now().getTime() - REUSE_PENDING_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(10);
    const recent = pending.find(
      (candidate) =>
        candidate.confirmationUrl &&
        candidate.amount === order.amount &&
        candidate.returnUrl === returnUrlOf(candidate.id),
    );
    if (recent?.confirmationUrl) {
      return toPaymentLink({ id: recent.id, confirmationUrl: recent.confirmationUrl }, provider.kind);
    }

    const paymentId = randomUUID();
    const returnUrl = returnUrlOf(paymentId);
    const payment = await repo.insert(tx, {
      id: paymentId,
      orderId: order.id,
      provider: provider.kind,
      amount: order.amount,
      returnUrl,
    });
    const created = await provider.createPayment({
      paymentId: payment.id,
      orderNumber: order.number,
      amount: order.amount,
      email: order.email,
      returnUrl,
      items: receiptItems(order.priceBreakdown.lines, order.amount),
    });
    const confirmationUrl = created.confirmationUrl ?? `${siteUrl}/payment/test/${payment.id}`;
    await repo.setProviderLink(
      tx,
      payment.id,
      { providerPaymentId: created.providerPaymentId, confirmationUrl },
      clock.now(),
    );
    return toPaymentLink({ id: payment.id, confirmationUrl }, provider.kind);
  }

  return {
    /**
     * A link for the order's unpaid amount that staff mail to the customer (decision 057). The caller holds the
     * order's row lock in `tx` (as linkFor does) and queues the mail in it; the payer comes back to the order's
     * success page. Refuses a paid, cancelled or 0 ₽ order as the pay button does.
     */
    async linkForMail(tx: Tx, order: OrderRow): Promise<PaymentLink> {
      return linkForLocked(
        tx,
        order,
        (paymentId) => returnUrlFor(config.publicUrl, 'order', order.id, paymentId),
        config.publicUrl,
      );
    },

    /** The pay button after the order form (and the cabinet): see linkFor. */
    async createPaymentLink(
      orderId: string,
      email: string | null | undefined,
      returnTo: PaymentReturnTo = 'order',
      requestOrigin: string | null = null,
    ): Promise<PaymentLink> {
      if (!email) throw new AppError('BAD_REQUEST', MESSAGES.orderEmailMissing);
      const siteUrl = siteUrlFor(requestOrigin);
      // Knowing the order id and its e-mail is what lets a visitor pay; anything else is "not found".
      return linkFor(
        orderId,
        (order) => order.email === email.trim().toLowerCase(),
        (paymentId) => returnUrlFor(siteUrl, returnTo, orderId, paymentId),
        siteUrl,
      );
    },

    /**
     * The pay button of the guest status page (decision 036): the status link's token is what lets its holder pay,
     * as the order id and e-mail do above; the provider returns the payer to that page.
     */
    async createPaymentLinkByStatusToken(token: string): Promise<PaymentLink> {
      const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.statusToken, token));
      if (!found) throw notFound(MESSAGES.orderNotFound);
      return linkFor(
        found.id,
        (order) => order.statusToken === token,
        () => `${config.publicUrl}/order-status/${token}?payment=return`,
      );
    },

    /**
     * The outcome page's view (decision 035): the order and, when the page names one, its payment as the server
     * knows it. A payment still open at YooKassa is asked about right away (the payer often returns before the
     * notification), so the page settles without waiting for the webhook; a provider error leaves it pending.
     */
    async getPaymentOutcome(orderId: string, paymentId: string | undefined): Promise<PaymentOutcome> {
      let { order, payment } = await readOrderAndPayment(orderId, paymentId);
      let receiptRegistration: ProviderPayment['receiptRegistration'] = null;
      if (
        payment &&
        payment.provider === provider.kind &&
        payment.providerPaymentId &&
        provider.kind !== 'test'
      ) {
        try {
          if (payment.status === 'pending' || payment.status === 'superseded') {
            const { outcome, actual } = await rereadWithState(payment.providerPaymentId);
            receiptRegistration = actual?.receiptRegistration ?? null;
            if (outcome) ({ order, payment } = await readOrderAndPayment(orderId, paymentId));
          } else if (payment.status === 'succeeded') {
            receiptRegistration =
              (await provider.getPayment(payment.providerPaymentId))?.receiptRegistration ?? null;
          }
        } catch {
          // The provider is unreachable: the page keeps what the database knows and asks again.
        }
      }
      return toPaymentOutcome(order, payment, receiptRegistration);
    },

    /**
     * "Try again" on the outcome page: a new link for the order of a payment the payer was sent back from. The
     * payment id (only in the provider's return address) stands for the e-mail the first link needed.
     */
    async retryPayment(orderId: string, paymentId: string): Promise<PaymentLink> {
      const { order, payment } = await readOrderAndPayment(orderId, paymentId);
      // The new link brings the payer back where the first one did: the same site (one of ours), the cabinet or
      // the order page.
      const previous = payment?.returnUrl ? new URL(payment.returnUrl) : null;
      const returnTo = previous?.pathname.startsWith('/cabinet/') ? 'cabinet' : 'order';
      return this.createPaymentLink(order.id, order.email, returnTo, previous?.origin ?? null);
    },

    /** YooKassa notification: only its payment id is used; the state is read back from the API. */
    async handleYooKassaNotification(providerPaymentId: string): Promise<void> {
      if (provider.kind !== 'yookassa') return;
      await reread(providerPaymentId);
    },

    /**
     * `check-new-paid-orders`: asks the provider about payments still pending (created in the last 7 days; older
     * ones have expired at the provider) in case a notification never arrived.
     */
    async reconcilePending(): Promise<JobResult> {
      if (provider.kind === 'test') {
        return { summary: 'Пропущено: платёжная система не подключена (тестовая оплата)', skipped: true };
      }
      const since = new Date(clock.now().getTime() - RECONCILE_DAYS * 24 * 3600 * 1000);
      const pending = await db
        .select({ id: payments.providerPaymentId })
        .from(payments)
        .where(
          and(
            inArray(payments.status, OPEN_PAYMENT_STATUSES),
            eq(payments.provider, provider.kind),
            gt(payments.createdAt, since),
            isNotNull(payments.providerPaymentId),
          ),
        );
      let paid = 0;
      let canceled = 0;
      const errors: string[] = [];
      for (const { id } of pending) {
        try {
          const outcome = await reread(id!);
          if (outcome === 'succeeded') paid += 1;
          if (outcome === 'canceled') canceled += 1;
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
      // Every payment failing means the provider is down: fail the run so it retries.
      if (errors.length > 0 && errors.length === pending.length) throw new Error(errors[0]);
      return {
        summary: `Проверено оплат: ${pending.length}, оплачено: ${paid}, отменено: ${canceled}${errors.length ? `, ошибок: ${errors.length}` : ''}`,
        checked: pending.length,
        paid,
        canceled,
        errors: errors.length,
      };
    },

    async getTestPayment(paymentId: string): Promise<TestPaymentView> {
      const [row] = await db
        .select({ payment: payments, orderNumber: orders.number })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(payments.id, paymentId), eq(payments.provider, 'test')));
      if (!row) throw notFound(MESSAGES.paymentNotFound);
      return toTestPaymentView(row.payment, row.orderNumber);
    },

    /** The payer's decision on the built-in test payment page (stands in for the bank's page). */
    async decideTestPayment(paymentId: string, decision: 'confirm' | 'decline'): Promise<TestPaymentView> {
      if (provider.kind !== 'test') throw notFound(MESSAGES.paymentNotFound);
      const view = await this.getTestPayment(paymentId);
      // The test page decides pending payments only: a superseded link stays unpaid.
      if (view.status === 'pending')
        await settle(paymentId, decision === 'confirm' ? 'succeeded' : 'canceled', ['pending']);
      return this.getTestPayment(paymentId);
    },
  };
}
