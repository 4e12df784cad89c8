import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { OrderResultListResponse, OrderStatus, SendOrderResultsResponse } from '@app/contracts';
import { formatMessage, MESSAGES, STAFF_ROLES } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderResults, orders } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { FileStorage } from '../../providers/storage.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OrderStatusService } from '../orders/order-status.service.ts';
import type { OrderRow, OrdersRepository } from '../orders/orders.repository.ts';
import type { IncomingPart, UploadsService } from '../uploads/uploads.service.ts';
import { toOrderResult } from './order-results.mapper.ts';
import type { OrderResultsRepository } from './order-results.repository.ts';

export type OrderResultsService = ReturnType<typeof createOrderResultsService>;

const STAFF = new Set<string>(STAFF_ROLES);

/**
 * An electronic order is complete once its result is sent: the steps staff would otherwise click, each through
 * changeOrderStatus. Statuses before the work started are refused (the result cannot be ready then).
 */
const ELECTRONIC_STEPS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  IN_PROGRESS: ['READY', 'COMPLETED'],
  READY: ['COMPLETED'],
  DELIVERING: ['COMPLETED'],
  COMPLETED: [],
};

/** Result files of an order (decision 038): staff attach, remove unsent ones and send; the owner downloads. */
export function createOrderResultsService(deps: {
  db: Db;
  repo: OrderResultsRepository;
  ordersRepo: OrdersRepository;
  orderStatus: OrderStatusService;
  uploads: UploadsService;
  mail: MailService;
  notifications: NotificationsService;
  audit: AuditRepository;
  storage: FileStorage;
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
}) {
  const { db, repo, ordersRepo, orderStatus, uploads, mail, notifications, audit, storage, config, clock } =
    deps;

  /** The order for its owner or staff; anyone else (a PARTNER too) is told it does not exist. */
  async function findOrder(actor: UserPrincipal, orderId: string) {
    const [row] = await db
      .select({ id: orders.id, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
    if (!row || !(STAFF.has(actor.role) || row.userId === actor.userId))
      throw notFound(MESSAGES.orderNotFound);
    return { ...row, isStaff: STAFF.has(actor.role) };
  }

  async function moveElectronicOrder(tx: Tx, actor: UserPrincipal, order: OrderRow): Promise<OrderStatus> {
    const steps = ELECTRONIC_STEPS[order.status];
    if (!steps) throw new AppError('BAD_REQUEST', MESSAGES.orderResultsNotInWork);
    let from = order.status;
    for (const to of steps) {
      const moved = await orderStatus.changeOrderStatus(tx, {
        orderId: order.id,
        from,
        to,
        comment: 'Результат отправлен клиенту',
        by: { kind: 'staff', userId: actor.userId },
        notifyCustomer: false,
      });
      if (!moved) throw new AppError('CONFLICT', MESSAGES.orderResultsStatusChanged);
      from = to;
    }
    return from;
  }

  return {
    async list(actor: UserPrincipal, orderId: string): Promise<OrderResultListResponse> {
      const order = await findOrder(actor, orderId);
      const rows = await db
        .select()
        .from(orderResults)
        .where(
          and(
            eq(orderResults.orderId, order.id),
            // The customer sees what was sent to them; staff also what is still being prepared.
            order.isStaff ? undefined : isNotNull(orderResults.sentAt),
          ),
        )
        .orderBy(asc(orderResults.createdAt), asc(orderResults.id));
      return { items: rows.map(toOrderResult) };
    },

    /** Staff attach files under the upload rules (types, content, sizes: the uploads module, decision 022). */
    async attach(actor: UserPrincipal, orderId: string, parts: AsyncIterable<IncomingPart>) {
      const order = await findOrder(actor, orderId);
      if (order.status === 'CANCELED') throw new AppError('BAD_REQUEST', MESSAGES.orderResultsOrderCanceled);
      const stored = await uploads.storeFiles(parts);
      try {
        const rows = await db.transaction(async (tx) => {
          const inserted = await repo.insertMany(
            tx,
            stored.map((file) => ({
              orderId: order.id,
              originalName: file.name,
              storedName: file.storedName,
              size: file.size,
              mimeType: file.mimeType,
              uploadedBy: actor.userId,
              createdAt: clock.now(),
            })),
          );
          await audit.record(tx, {
            actorUserId: actor.userId,
            action: 'order.result.attach',
            entity: 'order',
            entityId: order.id,
            data: { files: inserted.map((row) => ({ id: row.id, name: row.originalName })) },
          });
          return inserted;
        });
        return { items: rows.map(toOrderResult) };
      } catch (error) {
        await uploads.removeStored(stored);
        throw error;
      }
    },

    /** A wrongly attached file goes away while the customer has not been sent it. */
    async remove(actor: UserPrincipal, orderId: string, resultId: string): Promise<void> {
      const order = await findOrder(actor, orderId);
      const removed = await db.transaction(async (tx) => {
        const row = await repo.deleteUnsent(tx, order.id, resultId);
        if (!row) return null;
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.result.delete',
          entity: 'order',
          entityId: order.id,
          data: { resultId, name: row.originalName },
        });
        return row;
      });
      if (!removed) {
        const [existing] = await db
          .select({ id: orderResults.id })
          .from(orderResults)
          .where(and(eq(orderResults.id, resultId), eq(orderResults.orderId, order.id)));
        if (existing) throw new AppError('CONFLICT', MESSAGES.orderResultAlreadySent);
        throw notFound(MESSAGES.orderResultNotFound);
      }
      await storage.remove(removed.storedName);
    },

    /**
     * «Отправить клиенту»: the unsent files become visible to the customer, who gets a mail and a push; an
     * electronic order moves to its final status. One transaction under the order's row lock; the files are
     * claimed with one conditional update, so two presses send one mail.
     */
    async send(actor: UserPrincipal, orderId: string): Promise<SendOrderResultsResponse> {
      await findOrder(actor, orderId);
      return db.transaction(async (tx) => {
        const order = await ordersRepo.lockById(tx, orderId);
        if (!order || order.deletedAt) throw notFound(MESSAGES.orderNotFound);
        if (order.status === 'CANCELED')
          throw new AppError('BAD_REQUEST', MESSAGES.orderResultsOrderCanceled);
        if (order.deliveryType === 'ELECTRONIC' && !ELECTRONIC_STEPS[order.status]) {
          throw new AppError('BAD_REQUEST', MESSAGES.orderResultsNotInWork);
        }
        const sent = await repo.markSent(tx, order.id, clock.now());
        if (sent.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.orderResultsNothingToSend);
        const status =
          order.deliveryType === 'ELECTRONIC' ? await moveElectronicOrder(tx, actor, order) : order.status;
        if (order.userId) {
          await notifications.create(tx, {
            userId: order.userId,
            type: 'order_ready',
            title: formatMessage(MESSAGES.orderResultsReadyTitle, { number: order.number }),
            body: MESSAGES.orderResultsReadyBody,
            orderId: order.id,
          });
        }
        await mail.queue(tx, {
          to: order.email,
          orderId: order.id,
          template: 'order-results-ready',
          params: { order, files: sent.map((row) => row.originalName), publicUrl: config.publicUrl },
        });
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.result.send',
          entity: 'order',
          entityId: order.id,
          data: { files: sent.map((row) => row.id), status },
        });
        return { sent: sent.length, status };
      });
    },

    async open(actor: UserPrincipal, orderId: string, resultId: string) {
      const order = await findOrder(actor, orderId);
      const [file] = await db
        .select()
        .from(orderResults)
        .where(
          and(
            eq(orderResults.id, resultId),
            eq(orderResults.orderId, order.id),
            order.isStaff ? undefined : isNotNull(orderResults.sentAt),
          ),
        );
      if (!file) throw notFound(MESSAGES.orderResultNotFound);
      return {
        name: file.originalName,
        mimeType: file.mimeType,
        size: file.size,
        stream: storage.open(file.storedName),
      };
    },
  };
}
