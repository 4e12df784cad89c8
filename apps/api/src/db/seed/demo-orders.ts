import { and, eq, isNull } from 'drizzle-orm';
import { addWorkingDays, calculatePrice, moscowDate } from '@app/contracts';
import type { OrderStatus } from '@app/contracts';
import type { Tx } from '../client.ts';
import type { DemoOrderVisit } from './demo-analytics.ts';
import {
  assurances,
  deliveries,
  documentTypes,
  orderLines,
  orderStatusHistory,
  orders,
  points,
  tariffs,
  users,
} from '../schema/index.ts';

type Plan = {
  daysAgo: number;
  documents: Array<[type: string, quantity: number, assuranceTypes: string[]]>;
  deliveryType: 'PICKUP_POINT' | 'ELECTRONIC' | 'COURIER';
  path: OrderStatus[];
  languages: [string, string];
};

/** The demo customer's orders: one to pay, one in progress, one completed, one cancelled. */
const PLANS: Plan[] = [
  {
    daysAgo: 0,
    documents: [['passport', 1, ['notarization']]],
    deliveryType: 'PICKUP_POINT',
    path: ['NEW'],
    languages: ['ru', 'en'],
  },
  {
    daysAgo: 2,
    documents: [
      ['diploma', 1, ['notarization']],
      ['diploma_supplement', 1, ['notarization']],
    ],
    deliveryType: 'COURIER',
    path: ['NEW', 'PAID', 'IN_PROGRESS'],
    languages: ['ru', 'de'],
  },
  {
    daysAgo: 20,
    documents: [['birth_certificate', 2, ['apostille']]],
    deliveryType: 'ELECTRONIC',
    path: ['NEW', 'PAID', 'IN_PROGRESS', 'READY', 'COMPLETED'],
    languages: ['ru', 'es'],
  },
  {
    daysAgo: 35,
    documents: [['driver_license', 1, []]],
    deliveryType: 'PICKUP_POINT',
    path: ['NEW', 'CANCELED'],
    languages: ['ru', 'en'],
  },
];

/**
 * The demo customer's orders, placed `daysAgo` days before `now`, each in the demo visit `visitOf` gives (its
 * session, visitor and first-touch tags; demo-analytics.ts). Answers what the funnel's server stages need.
 */
export async function seedDemoOrders(
  tx: Tx,
  customer: typeof users.$inferSelect,
  now: Date,
  visitOf: (daysAgo: number) => DemoOrderVisit | null,
): Promise<Array<typeof orders.$inferSelect>> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const documentRows = await tx.select().from(documentTypes);
  const assuranceRows = await tx.select().from(assurances);
  const deliveryRows = await tx.select().from(deliveries);
  const [point] = await tx.select().from(points).limit(1);
  const tariffRows = await tx
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.isActive, true), isNull(tariffs.deletedAt)));
  const placed: Array<typeof orders.$inferSelect> = [];
  for (const plan of PLANS) {
    const createdAt = new Date(now.getTime() - plan.daysAgo * 24 * 60 * 60 * 1000);
    const documentsWithQuantity = plan.documents.map(([type, quantity]) => ({
      documentId: documentRows.find((row) => row.type === type)!.id,
      quantity,
    }));
    const documentsAssurances = plan.documents.flatMap(([type, , assuranceTypes]) =>
      assuranceTypes.map((assuranceType) => ({
        documentId: documentRows.find((row) => row.type === type)!.id,
        assuranceId: assuranceRows.find((row) => row.type === assuranceType)!.id,
      })),
    );
    const delivery = deliveryRows.find((row) => row.type === plan.deliveryType)!;
    const price = calculatePrice(
      { documents: documentRows, assurances: assuranceRows, tariffs: tariffRows },
      {
        documentsWithQuantity,
        documentsAssurances,
        originalLanguage: plan.languages[0],
        targetLanguage: plan.languages[1],
        deliveryPrice: delivery.price,
        deliveryName: delivery.name,
        deliveryId: delivery.id,
        discountPercent: 0,
      },
    );
    const status = plan.path.at(-1)!;
    const isPaid = plan.path.includes('PAID');
    const [order] = await tx
      .insert(orders)
      .values({
        userId: customer.id,
        email: customer.email!,
        name: `${customer.firstName} ${customer.lastName}`,
        phoneNumber: customer.phoneNumber!,
        originalLanguage: plan.languages[0],
        targetLanguage: plan.languages[1],
        deliveryId: delivery.id,
        deliveryType: delivery.type,
        deliveryName: delivery.name,
        pickupPointId: plan.deliveryType === 'PICKUP_POINT' ? (point?.id ?? null) : null,
        address: plan.deliveryType === 'COURIER' ? 'Москва, ул. Арбат, д. 10' : null,
        apartment: plan.deliveryType === 'COURIER' ? '15' : null,
        amount: price.total,
        deliveryPrice: price.deliveryPrice,
        priceBreakdown: price,
        estimatedReadyDate: addWorkingDays(moscowDate(createdAt), 3, { nonWorkingDays: new Set() }),
        status,
        isPaid,
        paidAt: isPaid ? createdAt : null,
        ownerConfirmedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
        ...visitOf(plan.daysAgo),
      })
      .returning();
    placed.push(order!);
    await tx.insert(orderLines).values(
      price.lines.map((line, position) => ({
        orderId: order!.id,
        position,
        kind: line.kind,
        refId: line.refId,
        name: line.name,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        total: line.total,
      })),
    );
    await tx.insert(orderStatusHistory).values(
      plan.path.map((toStatus, index) => ({
        orderId: order!.id,
        fromStatus: index === 0 ? null : plan.path[index - 1]!,
        toStatus,
        createdAt: new Date(createdAt.getTime() + index * 60 * 60 * 1000),
      })),
    );
  }
  return placed;
}
