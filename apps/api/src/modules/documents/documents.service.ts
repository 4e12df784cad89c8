import { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES, type OrderDocument } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderDocuments, orders } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { renderPdf } from '../../providers/pdf.ts';
import type { FileStorage } from '../../providers/storage.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { OrdersQueryService } from '../orders/query/orders-query.service.ts';
import { documentDefinition, type DocumentKind } from './document-templates.ts';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

const PREFIX: Record<DocumentKind, string> = { invoice: 'СЧ', act: 'АКТ' };

export function createDocumentsService(deps: {
  db: Db;
  query: OrdersQueryService;
  storage: FileStorage;
  config: Pick<Config, 'seller'>;
  clock: Clock;
}) {
  const { db, query, storage, config, clock } = deps;

  const toDocument = (row: typeof orderDocuments.$inferSelect, orderNumber: number): OrderDocument => ({
    id: row.id,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    orderNumber,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    /** Generates the PDF once per order and kind; asking again returns the stored document. */
    async generate(actor: UserPrincipal, orderId: string, kind: DocumentKind): Promise<OrderDocument> {
      const order = await query.findVisible(actor, orderId);
      if (kind === 'act' && order.status !== 'COMPLETED')
        throw new AppError('BAD_REQUEST', MESSAGES.actOnlyForCompleted);
      if (kind === 'invoice' && order.status === 'CANCELED')
        throw new AppError('BAD_REQUEST', MESSAGES.orderNotPayable);
      const [existing] = await db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.kind, kind)));
      if (existing) return toDocument(existing, order.number);

      const now = clock.now();
      const number = `${PREFIX[kind]}-${order.number}`;
      const pdf = await renderPdf(documentDefinition(kind, order, { number, date: now }, config.seller));
      const stored = await storage.save(Readable.from(pdf), 'pdf');
      const [row] = await db
        .insert(orderDocuments)
        .values({
          orderId: order.id,
          userId: order.userId,
          kind,
          number,
          amount: order.amount,
          storedName: stored.storedName,
          size: stored.size,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        // Someone generated it at the same moment: keep theirs.
        await storage.remove(stored.storedName);
        const [winner] = await db
          .select()
          .from(orderDocuments)
          .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.kind, kind)));
        return toDocument(winner!, order.number);
      }
      return toDocument(row, order.number);
    },

    async listMine(actor: UserPrincipal): Promise<OrderDocument[]> {
      const rows = await db
        .select({ document: orderDocuments, orderNumber: orders.number })
        .from(orderDocuments)
        .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
        .where(eq(orders.userId, actor.userId))
        .orderBy(desc(orderDocuments.createdAt));
      return rows.map((row) => toDocument(row.document, row.orderNumber));
    },

    async open(actor: UserPrincipal, documentId: string) {
      const [row] = await db.select().from(orderDocuments).where(eq(orderDocuments.id, documentId));
      if (!row) throw notFound();
      const order = await query.findVisible(actor, row.orderId).catch(() => {
        throw notFound();
      });
      return {
        fileName: `${row.kind === 'invoice' ? 'Счёт' : 'Акт'} ${row.number} (заказ ${order.number}).pdf`,
        size: row.size,
        stream: storage.open(row.storedName),
      };
    },
  };
}
