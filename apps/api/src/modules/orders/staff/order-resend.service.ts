import { and, eq, gt, sql } from 'drizzle-orm';
import {
  formatMessage,
  MESSAGES,
  ORDER_RESEND_COOLDOWN_SECONDS,
  type OrderResendMail,
  type OrderResendResponse,
} from '@app/contracts';
import type { Db, Tx } from '#src/db/client.ts';
import { auditLog } from '#src/db/schema/index.ts';
import { AppError, notFound } from '#src/lib/errors.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import type { AuditRepository } from '../../audit/audit.repository.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import type { OrderRow, OrdersRepository } from '../orders.repository.ts';

export type OrderResendService = ReturnType<typeof createOrderResendService>;

/** The audit action of a resend: the cooldown and the order's timeline read it (decisions 055, 057). */
export const resendAction = (mail: OrderResendMail) => `order.resend.${mail}` as const;

/**
 * Staff (ADMIN, MANAGER) send the customer's order mail again from the CRM order page (decision 057): the order
 * confirmation (with a fresh single-use sign-in link, as at creation) or a payment link for the unpaid amount
 * (made as the pay button makes it). One mail of a kind per order per cooldown: the order row is locked first and
 * the last resend read after the lock, so two clicks at once send one mail (the second waits, then sees the first).
 * The mail is queued, and the action audited, in the same transaction.
 */
export function createOrderResendService(deps: {
  db: Db;
  repo: Pick<OrdersRepository, 'lockById'>;
  auth: Pick<AuthService, 'createLoginLink'>;
  payments: Pick<PaymentsService, 'linkForMail'>;
  mail: Pick<MailService, 'queue'>;
  audit: AuditRepository;
}) {
  const { db, repo, auth, payments, mail, audit } = deps;

  /** Seconds until this kind may be sent again, or 0. Read after the row lock: sees a resend that just committed. */
  async function secondsToWait(tx: Tx, orderId: string, kind: OrderResendMail): Promise<number> {
    const [last] = await tx
      .select({
        wait: sql<number>`ceil(extract(epoch from (max(${auditLog.createdAt}) + make_interval(secs => ${ORDER_RESEND_COOLDOWN_SECONDS}) - clock_timestamp())))::int`,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, orderId),
          eq(auditLog.action, resendAction(kind)),
          gt(
            auditLog.createdAt,
            sql`clock_timestamp() - make_interval(secs => ${ORDER_RESEND_COOLDOWN_SECONDS})`,
          ),
        ),
      );
    return Math.max(0, Number(last?.wait ?? 0));
  }

  async function queueMail(tx: Tx, order: OrderRow, kind: OrderResendMail) {
    if (kind === 'confirmation') {
      const signInLink = await auth.createLoginLink(tx, order.email, `/cabinet/orders/${order.id}`);
      const row = await mail.queue(tx, {
        to: order.email,
        orderId: order.id,
        template: 'order-confirmation',
        params: { order, signInLink },
      });
      return { mailId: row.id, data: {} };
    }
    const link = await payments.linkForMail(tx, order);
    const row = await mail.queue(tx, {
      to: order.email,
      orderId: order.id,
      template: 'payment-link',
      params: { order, paymentUrl: link.confirmationUrl },
    });
    return { mailId: row.id, data: { amount: order.amount, paymentId: link.paymentId } };
  }

  return {
    async resend(actor: UserPrincipal, orderId: string, kind: OrderResendMail): Promise<OrderResendResponse> {
      return db.transaction(async (tx) => {
        const order = await repo.lockById(tx, orderId);
        if (!order || order.deletedAt) throw notFound(MESSAGES.orderNotFound);
        const wait = await secondsToWait(tx, orderId, kind);
        if (wait > 0) {
          throw new AppError(
            'TOO_MANY_REQUESTS',
            formatMessage(MESSAGES.orderResendTooSoon, { seconds: wait }),
            {
              headers: { 'retry-after': String(wait) },
            },
          );
        }
        const sent = await queueMail(tx, order, kind);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: resendAction(kind),
          entity: 'order',
          entityId: orderId,
          data: { to: order.email, mailId: sent.mailId, ...sent.data },
        });
        return { mail: kind, to: order.email, mailId: sent.mailId };
      });
    },
  };
}
