import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { GuestOrderStatus, OrderDetail } from '@app/contracts';
import { MESSAGES, PARTNER_MESSAGES, STAFF_ROLES } from '@app/contracts';
import type { Db } from '#src/db/client.ts';
import {
  auditLog,
  offices,
  orderStatusHistory,
  orders,
  partners,
  points,
  uploads,
  users,
} from '#src/db/schema/index.ts';
import { forbidden, notFound } from '#src/lib/errors.ts';
import type { FileStorage } from '#src/providers/storage.ts';
import type { Clock } from '#src/lib/clock.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import { toOrderDetail, toOrderListItem } from '../orders.mapper.ts';
import {
  documentLinesOf,
  languageNamesOf,
  type OrderRow,
  type OrdersRepository,
} from '../orders.repository.ts';
import { keysetAfter, keysetPage } from '#src/lib/keyset.ts';
import { findOrderStatusView } from './order-status-view.ts';

export type OrdersQueryService = ReturnType<typeof createOrdersQueryService>;

const STAFF = new Set<string>(STAFF_ROLES);

/** Reading orders. A customer sees only their own; anything else is "not found" (nothing leaks). */
export function createOrdersQueryService(deps: {
  db: Db;
  repo: OrdersRepository;
  storage: FileStorage;
  clock: Clock;
}) {
  const { db, repo, storage, clock } = deps;

  const documentsOf = (orderIds: string[]) => documentLinesOf(db, orderIds);

  /** Whether the order goes to a pickup point of the PARTNER user's back-office partner. */
  async function isPartnerOrder(actor: UserPrincipal, row: OrderRow): Promise<boolean> {
    if (actor.role !== 'PARTNER' || !row.pickupPointId) return false;
    const [match] = await db
      .select({ id: points.id })
      .from(points)
      .innerJoin(partners, eq(partners.id, points.partnerId))
      .where(and(eq(points.id, row.pickupPointId), eq(partners.userId, actor.userId)));
    return Boolean(match);
  }

  /** The order if the actor may see it: its owner, staff, or the PARTNER whose point it goes to. */
  async function findVisible(actor: UserPrincipal, orderId: string): Promise<OrderRow> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
    if (!row) throw notFound(MESSAGES.orderNotFound);
    if (STAFF.has(actor.role) || row.userId === actor.userId || (await isPartnerOrder(actor, row)))
      return row;
    throw notFound(MESSAGES.orderNotFound);
  }

  /**
   * A pickup-point PARTNER reads its points' orders through `GET /api/order/partner/:id` (decision 050: what
   * hand-over needs, no e-mail, comment, files or payments); the full detail and the files are the customer's and
   * staff's. Its own orders as a customer stay open to it.
   */
  function refusePartnerPointView(actor: UserPrincipal, row: OrderRow): void {
    if (actor.role === 'PARTNER' && row.userId !== actor.userId)
      throw forbidden(PARTNER_MESSAGES.partnerOrderFullDetailForbidden);
  }

  return {
    findVisible,
    isPartnerOrder,

    /** The owner of the order e-mail says the order is theirs: the cabinet stops marking it (decision 022). */
    async confirmOwner(actor: UserPrincipal, orderId: string): Promise<{ id: string; ownerConfirmed: true }> {
      const [row] = await db
        .select({ id: orders.id, userId: orders.userId, ownerConfirmedAt: orders.ownerConfirmedAt })
        .from(orders)
        .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
      if (!row || row.userId !== actor.userId) throw notFound(MESSAGES.orderNotFound);
      if (!row.ownerConfirmedAt) await repo.confirmOwner(db, orderId, clock.now());
      return { id: orderId, ownerConfirmed: true };
    },

    async listMine(actor: UserPrincipal, query: { limit: number; cursor?: string }) {
      const conditions = [eq(orders.userId, actor.userId), isNull(orders.deletedAt)];
      const after = keysetAfter(orders.createdAt, orders.id, query.cursor);
      if (after) conditions.push(after);
      const rows = await db
        .select()
        .from(orders)
        .where(and(...conditions))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.limit + 1);
      const page = keysetPage(rows, query.limit);
      const [documents, languageNames] = await Promise.all([
        documentsOf(page.rows.map((row) => row.id)),
        languageNamesOf(db),
      ]);
      return {
        items: page.rows.map((row) => toOrderListItem(row, documents.get(row.id) ?? [], languageNames)),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /** The guest status page (decision 036): whoever holds the link from the e-mails; an unknown one is "not found". */
    async getGuestStatus(token: string): Promise<GuestOrderStatus> {
      const found = await findOrderStatusView(db, { token });
      if (!found) throw notFound(MESSAGES.orderNotFound);
      return found.view;
    },

    async getDetail(actor: UserPrincipal, orderId: string): Promise<OrderDetail> {
      const row = await findVisible(actor, orderId);
      refusePartnerPointView(actor, row);
      const isStaffView = STAFF.has(actor.role);
      const [documents, languageNames, files, history, point, office, amountChanges] = await Promise.all([
        documentsOf([row.id]),
        languageNamesOf(db),
        db.select().from(uploads).where(eq(uploads.orderId, row.id)).orderBy(asc(uploads.createdAt)),
        db
          .select({ entry: orderStatusHistory, actorEmail: users.email })
          .from(orderStatusHistory)
          .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
          .where(eq(orderStatusHistory.orderId, row.id))
          .orderBy(asc(orderStatusHistory.createdAt)),
        row.pickupPointId
          ? db.select().from(points).where(eq(points.id, row.pickupPointId))
          : Promise.resolve([]),
        row.officeId ? db.select().from(offices).where(eq(offices.id, row.officeId)) : Promise.resolve([]),
        // Staff amount changes (issue 17) are the `order.amount` entries of the audit log (its entity index), and
        // the `order.edit` entries whose repricing changed the amount (decision 054).
        db
          .select({ data: auditLog.data, createdAt: auditLog.createdAt, actorEmail: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .where(
            and(
              eq(auditLog.entity, 'order'),
              eq(auditLog.entityId, row.id),
              inArray(auditLog.action, ['order.amount', 'order.edit']),
            ),
          )
          .orderBy(asc(auditLog.createdAt)),
      ]);
      return toOrderDetail(row, {
        documents: documents.get(row.id) ?? [],
        languageNames,
        files,
        history,
        amountChanges,
        point: point[0],
        office: office[0],
        isStaffView,
      });
    },

    async openFile(actor: UserPrincipal, orderId: string, fileId: string) {
      const row = await findVisible(actor, orderId);
      refusePartnerPointView(actor, row);
      if (!row.ownerConfirmedAt && row.userId === actor.userId && !STAFF.has(actor.role)) {
        throw notFound(MESSAGES.unknownFile);
      }
      const [file] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, fileId), eq(uploads.orderId, row.id)));
      if (!file) throw notFound(MESSAGES.unknownFile);
      return {
        name: file.originalName,
        mimeType: file.mimeType,
        size: file.size,
        stream: storage.open(file.storedName),
      };
    },
  };
}
