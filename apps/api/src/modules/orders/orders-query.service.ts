import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { OrderDetail, OrderListItem } from '@app/contracts';
import { CUSTOMER_CANCELLABLE_STATUSES, MESSAGES } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  offices,
  orderStatusHistory,
  orders,
  partners,
  points,
  uploads,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../providers/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import { documentLinesOf, type OrderRow } from './orders.repository.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';

export type OrdersQueryService = ReturnType<typeof createOrdersQueryService>;

const STAFF = new Set(['ADMIN', 'MANAGER']);

/** Reading orders. A customer sees only their own; anything else is "not found" (nothing leaks). */
export function createOrdersQueryService(deps: { db: Db; storage: FileStorage; clock: Clock }) {
  const { db, storage, clock } = deps;

  const documentsOf = (orderIds: string[]) => documentLinesOf(db, orderIds);

  const toListItem = (
    row: OrderRow,
    documents: Array<{ name: string; quantity: number }>,
  ): OrderListItem => ({
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    amount: row.amount,
    isPaid: row.isPaid,
    ownerConfirmed: row.ownerConfirmedAt !== null,
    documents,
    originalLanguage: row.originalLanguage,
    targetLanguage: row.targetLanguage,
  });

  /** The order if the actor may see it: its owner, or staff. */
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
      if (!row.ownerConfirmedAt) {
        await db
          .update(orders)
          .set({ ownerConfirmedAt: clock.now() })
          .where(and(eq(orders.id, orderId), isNull(orders.ownerConfirmedAt)));
      }
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
      const documents = await documentsOf(page.rows.map((row) => row.id));
      return {
        items: page.rows.map((row) => toListItem(row, documents.get(row.id) ?? [])),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    async getDetail(actor: UserPrincipal, orderId: string): Promise<OrderDetail> {
      const row = await findVisible(actor, orderId);
      const isStaffView = STAFF.has(actor.role);
      const [documents, files, history, point, office] = await Promise.all([
        documentsOf([row.id]),
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
      ]);
      const pointRow = point[0];
      const officeRow = office[0];
      return {
        ...toListItem(row, documents.get(row.id) ?? []),
        email: row.email,
        name: row.name,
        phoneNumber: row.phoneNumber,
        payerType: row.payerType,
        organization:
          row.payerType === 'ORGANIZATION'
            ? {
                inn: row.organizationInn,
                kpp: row.organizationKpp,
                name: row.organizationName,
                address: row.organizationAddress,
              }
            : null,
        // Until the address owner confirms the order, the sender's free text is not shown to them.
        comment: isStaffView || row.ownerConfirmedAt ? row.comment : null,
        paidAt: row.paidAt?.toISOString() ?? null,
        estimatedReadyDate: row.estimatedReadyDate,
        priceBreakdown: row.priceBreakdown,
        delivery: {
          type: row.deliveryType,
          name: row.deliveryName,
          price: row.deliveryPrice,
          point: pointRow
            ? {
                id: pointRow.id,
                name: pointRow.name,
                address: pointRow.address,
                schedule: pointRow.schedule,
                metro: pointRow.metro,
                metroColor: pointRow.metroColor,
              }
            : null,
          office: officeRow
            ? {
                id: officeRow.id,
                name: officeRow.name,
                address: officeRow.address,
                schedule: officeRow.schedule,
              }
            : null,
          address: row.address,
          apartment: row.apartment,
          entrance: row.entrance,
          floor: row.floor,
          intercom: row.intercom,
          addressComment: row.addressComment,
        },
        // The sender's files too stay out of the owner's cabinet until they confirm the order.
        files: (isStaffView || row.ownerConfirmedAt ? files : []).map((file) => ({
          id: file.id,
          name: file.originalName,
          size: file.size,
          mimeType: file.mimeType,
        })),
        history: history.map(({ entry, actorEmail }) => ({
          fromStatus: entry.fromStatus,
          toStatus: entry.toStatus,
          comment: entry.comment,
          createdAt: entry.createdAt.toISOString(),
          actor: isStaffView ? actorEmail : null,
        })),
        staff: isStaffView
          ? {
              otherPrice: row.otherPrice,
              otherCost: row.otherCost,
              actExchangedAt: row.actExchangedAt?.toISOString() ?? null,
              attribution: {
                utmSource: row.utmSource,
                utmMedium: row.utmMedium,
                utmCampaign: row.utmCampaign,
                acquisitionChannel: row.acquisitionChannel,
                referrer: row.referrer,
                landingPage: row.landingPage,
                firstTouchAt: row.firstTouchAt?.toISOString() ?? null,
                touchpointCount: row.touchpointCount,
              },
            }
          : null,
        canCancel: (CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(row.status),
        canPay: !row.isPaid && row.status !== 'CANCELED',
      };
    },

    async openFile(actor: UserPrincipal, orderId: string, fileId: string) {
      const row = await findVisible(actor, orderId);
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
