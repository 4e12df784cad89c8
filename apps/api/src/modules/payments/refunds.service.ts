import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  formatMessage,
  formatRub,
  MESSAGES,
  moscowDate,
  STAFF_ROLES,
  type CreateRefundRequest,
  type OrderRefundsResponse,
  type Refund,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { orders, payments, refunds, users } from '../../db/schema/index.ts';
import type { JobResult } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import {
  ProviderRefusedError,
  receiptItems,
  type PaymentProvider,
  type ProviderRefund,
} from '../../providers/payment.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrdersRepository } from '../orders/orders.repository.ts';
import type { CommissionsService } from '../commissions/commissions.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import { toRefund, type RefundView } from './refunds.mapper.ts';
import type { RefundRow, RefundsRepository } from './refunds.repository.ts';

export type RefundsService = ReturnType<typeof createRefundsService>;

const STAFF = new Set<string>(STAFF_ROLES);
const toKopecks = (rubles: number) => Math.round(rubles * 100);
const toRubles = (kopecks: number) => kopecks / 100;
/** A refund still pending this long after it was recorded is asked about by the reconciliation job. */
const STALE_PENDING_MS = 60 * 1000;

/** A manual refund is dated today or within the last year (Moscow days), like a manual payment (decision 043). */
function assertRefundDate(refundedOn: string, now: Date): void {
  const today = moscowDate(now);
  const yearAgo = moscowDate(new Date(now.getTime() - 366 * 24 * 3600 * 1000));
  if (refundedOn > today || refundedOn < yearAgo) throw badRequest(MESSAGES.refundDateInvalid);
}

/**
 * Refunds (decision 046): ADMIN returns money of a received payment, in full or in part, with a reason. The sum of
 * a payment's refunds that are not canceled never exceeds the payment: it is checked and the refund stored under the
 * order's row lock (the lock settlement, amount and status changes take), so two refunds at once queue and the
 * second sees the first. An online refund is stored `pending` and committed before YooKassa is called, so a provider
 * failure never loses it: staff see its error and «Повторить» sends it again under the same Idempotence-Key.
 */
export function createRefundsService(deps: {
  db: Db;
  provider: PaymentProvider;
  repo: RefundsRepository;
  ordersRepo: OrdersRepository;
  mail: MailService;
  audit: AuditRepository;
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
  /** A succeeded refund reduces or takes back the order's partner commission (decision 062). */
  commissions: Pick<CommissionsService, 'onRefundSucceeded'>;
  /** A succeeded refund of a coupon order gives the refunded share of the discount back to its campaign (076). */
  coupons: Pick<CouponsService, 'onRefundSucceeded'>;
}) {
  const { db, provider, repo, ordersRepo, mail, audit, config, clock, commissions, coupons } = deps;

  /** Received payments of an order and, per payment, the kopecks taken by refunds not canceled. */
  async function paymentBalances(dbOrTx: DbOrTx, orderId: string) {
    const received = await dbOrTx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.createdAt));
    const used = received.length
      ? await dbOrTx
          .select({
            paymentId: refunds.paymentId,
            kopecks: sql<string>`sum(${refunds.amountKopecks})`,
          })
          .from(refunds)
          .where(
            and(
              inArray(
                refunds.paymentId,
                received.map((payment) => payment.id),
              ),
              ne(refunds.status, 'canceled'),
            ),
          )
          .groupBy(refunds.paymentId)
      : [];
    const usedBy = new Map(used.map((row) => [row.paymentId, Number(row.kopecks)]));
    return received.map((payment) => ({
      payment,
      remainingKopecks: toKopecks(payment.amount) - (usedBy.get(payment.id) ?? 0),
    }));
  }

  /** Queued in the transaction that finishes the refund: the customer is told once, with the totals after it. */
  async function tellCustomer(tx: Tx, refund: RefundRow): Promise<void> {
    const [order] = await tx
      .select({ id: orders.id, number: orders.number, name: orders.name, email: orders.email })
      .from(orders)
      .where(eq(orders.id, refund.orderId));
    if (!order) return;
    const [totals] = await tx
      .select({
        refunded: sql<string>`coalesce(sum(${refunds.amountKopecks}) filter (where ${refunds.status} = 'succeeded'), 0)`,
      })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    const [paid] = await tx
      .select({ kopecks: sql<string>`coalesce(sum(${payments.amount} * 100), 0)` })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')));
    const [payment] = await tx
      .select({ provider: payments.provider })
      .from(payments)
      .where(eq(payments.id, refund.paymentId));
    await mail.queue(tx, {
      to: order.email,
      orderId: order.id,
      template: 'order-refunded',
      params: {
        order: { id: order.id, number: order.number, name: order.name },
        amount: toRubles(refund.amountKopecks),
        reason: refund.reason,
        refundedTotal: toRubles(Number(totals?.refunded ?? 0)),
        paid: toRubles(Math.round(Number(paid?.kopecks ?? 0))),
        online: payment?.provider !== 'manual',
        publicUrl: config.publicUrl,
      },
    });
  }

  /** Records the provider's answer for a pending refund once; a succeeded one mails the customer. */
  async function recordAnswer(refund: RefundRow, answer: ProviderRefund): Promise<void> {
    await db.transaction(async (tx) => {
      await ordersRepo.lockById(tx, refund.orderId);
      const now = clock.now();
      const updated = await repo.recordProviderAnswer(
        tx,
        refund.id,
        {
          providerRefundId: answer.providerRefundId,
          status: answer.status,
          refundedOn: answer.status === 'succeeded' ? moscowDate(now) : null,
          lastError:
            answer.status === 'canceled'
              ? `ЮKassa отменила возврат${answer.cancellationReason ? ` (${answer.cancellationReason})` : ''}`
              : null,
        },
        now,
      );
      if (!updated || updated.status === 'pending') return;
      await audit.record(tx, {
        action: `order.refund.${updated.status}`,
        entity: 'order',
        entityId: updated.orderId,
        data: {
          refundId: updated.id,
          amount: toRubles(updated.amountKopecks),
          providerRefundId: answer.providerRefundId,
        },
      });
      if (updated.status === 'succeeded') {
        await tellCustomer(tx, updated);
        await commissions.onRefundSucceeded(tx, updated.orderId);
        await coupons.onRefundSucceeded(tx, updated.orderId);
      }
    });
  }

  /**
   * Sends a pending online refund to the provider, or asks about one it already has. Never throws for a provider
   * problem: an unreachable provider leaves the refund pending with its error (retried by staff or the job); a
   * refusal of the request itself (4xx) cancels it, freeing its amount.
   */
  async function send(refundId: string): Promise<void> {
    const [row] = await db
      .select({ refund: refunds, payment: payments, order: orders })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.id, refundId));
    if (!row || row.refund.status !== 'pending' || row.payment.provider === 'manual') return;
    const { refund, payment, order } = row;
    if (payment.provider !== provider.kind || !payment.providerPaymentId) {
      await repo.recordError(
        db,
        refund.id,
        'Платёжная система этого платежа сейчас не подключена: возврат не отправлен',
        clock.now(),
      );
      return;
    }
    try {
      const amount = toRubles(refund.amountKopecks);
      const answer = refund.providerRefundId
        ? await provider.getRefund(refund.providerRefundId)
        : await provider.createRefund({
            refundId: refund.id,
            providerPaymentId: payment.providerPaymentId,
            amount,
            description: `Возврат по заказу №${order.number}: ${refund.reason}`,
            email: order.email,
            items: receiptItems(order.priceBreakdown.lines, amount),
          });
      if (!answer) {
        await repo.recordError(db, refund.id, 'ЮKassa не знает этот возврат', clock.now());
        return;
      }
      await recordAnswer(refund, answer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ProviderRefusedError && !refund.providerRefundId) {
        await db.transaction(async (tx) => {
          await ordersRepo.lockById(tx, refund.orderId);
          const canceled = await repo.cancel(tx, refund.id, `ЮKassa отказала: ${message}`, clock.now());
          if (canceled)
            await audit.record(tx, {
              action: 'order.refund.canceled',
              entity: 'order',
              entityId: refund.orderId,
              data: { refundId: refund.id, error: message },
            });
        });
        return;
      }
      await repo.recordError(db, refund.id, `Не удалось связаться с ЮKassa: ${message}`, clock.now());
    }
  }

  async function readRefund(orderId: string, refundId: string): Promise<RefundView> {
    const [row] = await db
      .select({ refund: refunds, provider: payments.provider, actorEmail: users.email })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .leftJoin(users, eq(users.id, refunds.createdByUserId))
      .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
    if (!row) throw notFound(MESSAGES.refundNotFound);
    return row;
  }

  return {
    send,

    /** The order's refunds: staff see who and the provider's errors; the customer only their own order's. */
    async listForOrder(actor: UserPrincipal, orderId: string): Promise<OrderRefundsResponse> {
      const [order] = await db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
      const isStaff = STAFF.has(actor.role);
      if (!order || (!isStaff && order.userId !== actor.userId)) throw notFound(MESSAGES.orderNotFound);
      const [balances, rows] = await Promise.all([
        paymentBalances(db, order.id),
        db
          .select({ refund: refunds, provider: payments.provider, actorEmail: users.email })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .leftJoin(users, eq(users.id, refunds.createdByUserId))
          .where(eq(refunds.orderId, order.id))
          .orderBy(asc(refunds.createdAt)),
      ]);
      const sumOf = (status: Refund['status']) =>
        rows
          .filter((row) => row.refund.status === status)
          .reduce((sum, row) => sum + row.refund.amountKopecks, 0);
      const paidKopecks = balances.reduce((sum, entry) => sum + toKopecks(entry.payment.amount), 0);
      const remainingKopecks = balances.reduce((sum, entry) => sum + entry.remainingKopecks, 0);
      return {
        orderId: order.id,
        paid: toRubles(paidKopecks),
        refunded: toRubles(sumOf('succeeded')),
        pending: toRubles(sumOf('pending')),
        remaining: toRubles(remainingKopecks),
        payments: isStaff
          ? balances.map(({ payment, remainingKopecks: left }) => ({
              id: payment.id,
              provider: payment.provider,
              amount: payment.amount,
              remaining: toRubles(left),
              method: payment.manualMethod,
              paidAt: payment.updatedAt.toISOString(),
            }))
          : [],
        items: rows.map((row) => toRefund(row, isStaff)),
        canRefund: actor.role === 'ADMIN' && remainingKopecks > 0,
      };
    },

    /**
     * Records a refund. Under the order's lock: the payment must be received, and the amount at most what is left
     * of it after the refunds not canceled. A manual payment's refund is paid out already (method and day given)
     * and mails the customer at once; an online one is committed `pending`, then sent to the provider.
     */
    async create(actor: UserPrincipal, orderId: string, input: CreateRefundRequest): Promise<Refund> {
      const now = clock.now();
      const amountKopecks = toKopecks(input.amount);
      const created = await db.transaction(async (tx) => {
        const order = await ordersRepo.lockById(tx, orderId);
        if (!order || order.deletedAt) throw notFound(MESSAGES.orderNotFound);
        const balances = await paymentBalances(tx, order.id);
        if (balances.length === 0) throw new AppError('CONFLICT', MESSAGES.refundNothingPaid);
        const target = input.paymentId
          ? balances.find((entry) => entry.payment.id === input.paymentId)
          : balances.find((entry) => entry.remainingKopecks > 0);
        if (input.paymentId && !target) throw notFound(MESSAGES.refundPaymentNotFound);
        const left = target?.remainingKopecks ?? 0;
        if (!target || amountKopecks > left)
          throw new AppError(
            'CONFLICT',
            formatMessage(MESSAGES.refundExceedsPaid, { remaining: formatRub(toRubles(Math.max(left, 0))) }),
          );
        const isManual = target.payment.provider === 'manual';
        if (isManual && !input.manual) throw badRequest(MESSAGES.refundManualDetailsMissing);
        if (isManual && input.manual) assertRefundDate(input.manual.refundedOn, now);
        const refund = await repo.insert(tx, {
          orderId: order.id,
          paymentId: target.payment.id,
          amountKopecks,
          reason: input.reason,
          createdByUserId: actor.userId,
          status: isManual ? 'succeeded' : 'pending',
          manualMethod: isManual ? input.manual!.method : null,
          refundedOn: isManual ? input.manual!.refundedOn : null,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.refund',
          entity: 'order',
          entityId: order.id,
          data: {
            refundId: refund.id,
            paymentId: target.payment.id,
            provider: target.payment.provider,
            amount: input.amount,
            reason: input.reason,
            ...(isManual ? { method: input.manual!.method, refundedOn: input.manual!.refundedOn } : {}),
          },
        });
        if (isManual) {
          await tellCustomer(tx, refund);
          await commissions.onRefundSucceeded(tx, order.id);
          await coupons.onRefundSucceeded(tx, order.id);
        }
        return refund;
      });
      if (created.status === 'pending') await send(created.id);
      return toRefund(await readRefund(orderId, created.id), true);
    },

    /** «Повторить»: sends a pending refund again (same Idempotence-Key) or asks the provider about it. */
    async retry(actor: UserPrincipal, orderId: string, refundId: string): Promise<Refund> {
      const found = await readRefund(orderId, refundId);
      if (found.refund.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.refundNotRetryable);
      await send(found.refund.id);
      return toRefund(await readRefund(orderId, refundId), STAFF.has(actor.role));
    },

    /** YooKassa notification about a refund: only its id is used; the state is read back from the API. */
    async handleYooKassaNotification(providerRefundId: string): Promise<void> {
      if (provider.kind !== 'yookassa') return;
      const [row] = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.providerRefundId, providerRefundId), eq(refunds.status, 'pending')));
      if (row) await send(row.id);
    },

    /** Part of `check-new-paid-orders`: pending online refunds are sent again or asked about. */
    async reconcilePending(): Promise<JobResult> {
      const pending = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'pending'),
            lt(refunds.updatedAt, new Date(clock.now().getTime() - STALE_PENDING_MS)),
          ),
        )
        .limit(100);
      for (const { id } of pending) await send(id);
      return { summary: `Проверено возвратов: ${pending.length}`, checked: pending.length };
    },
  };
}
