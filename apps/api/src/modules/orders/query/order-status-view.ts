import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { GuestOrderStatus } from '@app/contracts';
import type { DbOrTx } from '#src/db/client.ts';
import { languages, offices, orders, points } from '#src/db/schema/index.ts';
import { documentLinesOf, type OrderRow } from '../orders.repository.ts';

/**
 * One order as its mails and its guest status page show it (decision 036): the read-only status view, the status
 * link's token, and what only the mail to the order's own address adds (the courier address).
 */
export type OrderStatusView = {
  orderId: string;
  token: string;
  view: GuestOrderStatus;
  /** Courier orders: the address the courier goes to (the mail shows it, the guest page does not). */
  courierAddress: string | null;
};

/** The order by id or by its status-link token, or null when there is none (or it was deleted). */
export async function findOrderStatusView(
  db: DbOrTx,
  by: { id: string } | { token: string },
): Promise<OrderStatusView | null> {
  const [found] = await db
    .select({ order: orders, point: points, office: offices })
    .from(orders)
    .leftJoin(points, eq(points.id, orders.pickupPointId))
    .leftJoin(offices, eq(offices.id, orders.officeId))
    .where(
      and('id' in by ? eq(orders.id, by.id) : eq(orders.statusToken, by.token), isNull(orders.deletedAt)),
    );
  if (!found) return null;
  const { order, point, office } = found;
  const [documents, names] = await Promise.all([
    documentLinesOf(db, [order.id]),
    db
      .select({ code: languages.code, name: languages.name })
      .from(languages)
      .where(inArray(languages.code, [order.originalLanguage, order.targetLanguage])),
  ]);
  return toOrderStatusView(order, documents.get(order.id) ?? [], names, point ?? office);
}

/**
 * The view of an order from what is already at hand: order creation builds it from the order it has just
 * stored and the catalogue it priced with, so its confirmation mail costs no further reads (decision 040).
 */
export function toOrderStatusView(
  order: OrderRow,
  documents: Array<{ name: string; quantity: number }>,
  languageNames: ReadonlyArray<{ code: string; name: string }>,
  place: { name: string; address: string; schedule?: string | null } | null | undefined,
): OrderStatusView {
  const languageName = (code: string) => languageNames.find((row) => row.code === code)?.name ?? code;
  const courierAddress =
    order.deliveryType === 'COURIER' && order.address
      ? [order.address, order.apartment ? `кв./офис ${order.apartment}` : null].filter(Boolean).join(', ')
      : null;
  return {
    orderId: order.id,
    token: order.statusToken,
    courierAddress,
    view: {
      number: order.number,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      documents,
      originalLanguage: languageName(order.originalLanguage),
      targetLanguage: languageName(order.targetLanguage),
      estimatedReadyDate: order.estimatedReadyDate,
      amount: order.amount,
      isPaid: order.isPaid,
      canPay: !order.isPaid && order.status !== 'CANCELED',
      delivery: {
        type: order.deliveryType,
        name: order.deliveryName,
        price: order.deliveryPrice,
        place: place ? { name: place.name, address: place.address, schedule: place.schedule ?? null } : null,
      },
    },
  };
}
