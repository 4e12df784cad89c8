import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderStatusHistory, orders, payments } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../providers/payment.ts';
import { receiptItems } from '../../providers/payment.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { formatRub } from '../orders/order-mails.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type PaymentLink = { paymentId: string; confirmationUrl: string; provider: 'test' | 'yookassa' };
export type TestPaymentView = {
  id: string;
  orderId: string;
  orderNumber: number;
  amount: number;
  status: string;
};

/** A pending payment link is reused for this long instead of creating another. */
const REUSE_PENDING_MS = 30 * 60 * 1000;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  mail: MailService;
  notifications: NotificationsService;
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
}) {
  const { db, provider, mail, notifications, config, clock } = deps;

  /** Marks the order paid exactly once, whatever the number of confirmations; e-mail and notification follow. */
  async function settle(paymentId: string, outcome: 'succeeded' | 'canceled'): Promise<void> {
    await db.transaction(async (tx) => {
      const [payment] = await tx
        .update(payments)
        .set({ status: outcome, updatedAt: clock.now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
        .returning();
      if (!payment || outcome !== 'succeeded') return;
      const now = clock.now();
      const [order] = await tx
        .update(orders)
        .set({
          isPaid: true,
          paidAt: now,
          status: sql`case when ${orders.status} = 'NEW' then 'PAID' else ${orders.status} end`,
          updatedAt: now,
        })
        .where(and(eq(orders.id, payment.orderId), eq(orders.isPaid, false)))
        .returning();
      if (!order) return;
      if (order.status === 'PAID') {
        await tx.insert(orderStatusHistory).values({
          orderId: order.id,
          fromStatus: 'NEW',
          toStatus: 'PAID',
          comment: 'Оплата получена',
          createdAt: now,
        });
      }
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
        subject: `Оплата заказа №${order.number} получена`,
        text:
          `Здравствуйте, ${order.name}!\n\nМы получили оплату заказа №${order.number} на сумму ${formatRub(order.amount)}.\n` +
          `Переводчик приступает к работе. Мы сообщим, когда перевод будет готов.\n\n` +
          `Заказ в личном кабинете: ${config.publicUrl}/cabinet/orders/${order.id}`,
      });
    });
  }

  return {
    async createPaymentLink(orderId: string, email: string | null | undefined): Promise<PaymentLink> {
      if (!email) throw new AppError('BAD_REQUEST', MESSAGES.orderEmailMissing);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      // Knowing the order id and its e-mail is what lets a visitor pay; anything else is "not found".
      if (!order || order.deletedAt || order.email !== email.trim().toLowerCase())
        throw notFound(MESSAGES.orderNotFound);
      if (order.isPaid) throw new AppError('CONFLICT', MESSAGES.orderAlreadyPaid);
      if (order.status === 'CANCELED') throw new AppError('CONFLICT', MESSAGES.orderNotPayable);

      const [recent] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.status, 'pending'),
            eq(payments.provider, provider.kind),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      if (
        recent?.confirmationUrl &&
        recent.amount === order.amount &&
        clock.now().getTime() - recent.createdAt.getTime() < REUSE_PENDING_MS
      ) {
        return { paymentId: recent.id, confirmationUrl: recent.confirmationUrl, provider: provider.kind };
      }

      const [payment] = await db
        .insert(payments)
        .values({ orderId: order.id, provider: provider.kind, amount: order.amount })
        .returning();
      const created = await provider.createPayment({
        paymentId: payment!.id,
        orderNumber: order.number,
        amount: order.amount,
        email: order.email,
        returnUrl: `${config.publicUrl}/order/${order.id}/success?payment=return`,
        items: receiptItems(order.priceBreakdown.lines, order.amount),
      });
      const confirmationUrl = created.confirmationUrl ?? `${config.publicUrl}/payment/test/${payment!.id}`;
      await db
        .update(payments)
        .set({ providerPaymentId: created.providerPaymentId, confirmationUrl, updatedAt: clock.now() })
        .where(eq(payments.id, payment!.id));
      return { paymentId: payment!.id, confirmationUrl, provider: provider.kind };
    },

    /** YooKassa notification: only its payment id is used; the state is read back from the API. */
    async handleYooKassaNotification(providerPaymentId: string): Promise<void> {
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, 'yookassa'), eq(payments.providerPaymentId, providerPaymentId)));
      if (!payment || payment.status !== 'pending') return;
      const actual = await provider.getPayment(providerPaymentId);
      if (!actual) return;
      if (actual.status === 'succeeded' && actual.paid && actual.amount === payment.amount) {
        await settle(payment.id, 'succeeded');
      } else if (actual.status === 'canceled') {
        await settle(payment.id, 'canceled');
      }
    },

    async getTestPayment(paymentId: string): Promise<TestPaymentView> {
      const [row] = await db
        .select({ payment: payments, orderNumber: orders.number })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(payments.id, paymentId), eq(payments.provider, 'test')));
      if (!row) throw notFound(MESSAGES.paymentNotFound);
      return {
        id: row.payment.id,
        orderId: row.payment.orderId,
        orderNumber: row.orderNumber,
        amount: row.payment.amount,
        status: row.payment.status,
      };
    },

    /** The payer's decision on the built-in test payment page (stands in for the bank's page). */
    async decideTestPayment(paymentId: string, decision: 'confirm' | 'decline'): Promise<TestPaymentView> {
      if (provider.kind !== 'test') throw notFound(MESSAGES.paymentNotFound);
      const view = await this.getTestPayment(paymentId);
      if (view.status === 'pending')
        await settle(paymentId, decision === 'confirm' ? 'succeeded' : 'canceled');
      return this.getTestPayment(paymentId);
    },

    /** For reconciliation (issue 6): pending provider payments of unpaid orders. */
    async pendingPaymentIds(): Promise<string[]> {
      const rows = await db
        .select({ id: payments.providerPaymentId })
        .from(payments)
        .where(and(eq(payments.status, 'pending'), ne(payments.provider, 'test')));
      return rows.map((row) => row.id).filter((id): id is string => Boolean(id));
    },
  };
}
