import { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES, type OrderDocument } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderDocuments, orderStatusHistory, orders } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { renderPdf } from '../../providers/pdf.ts';
import type { FileStorage } from '../../providers/storage.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { OrdersQueryService } from '../orders/query/orders-query.service.ts';
import { documentDefinition, type DocumentKind } from './document-templates.ts';
import { toOrderDocument } from './documents.mapper.ts';
import type { DocumentsRepository } from './documents.repository.ts';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

const PREFIX: Record<DocumentKind, string> = { invoice: 'СЧ', act: 'АКТ' };

export function createDocumentsService(deps: {
  db: Db;
  repo: DocumentsRepository;
  query: OrdersQueryService;
  storage: FileStorage;
  config: Pick<Config, 'seller'>;
  clock: Clock;
}) {
  const { db, repo, query, storage, config, clock } = deps;

  /** When the order last became COMPLETED (its newest history entry to that status). */
  async function completedAt(orderId: string): Promise<Date | null> {
    const [entered] = await db
      .select({ createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'COMPLETED')))
      .orderBy(desc(orderStatusHistory.createdAt))
      .limit(1);
    return entered?.createdAt ?? null;
  }

  return {
    /** Generates the PDF once per order and kind; asking again returns the stored document. */
    async generate(actor: UserPrincipal, orderId: string, kind: DocumentKind): Promise<OrderDocument> {
      const order = await query.findVisible(actor, orderId);
      if (kind === 'act' && order.status !== 'COMPLETED')
        throw new AppError('BAD_REQUEST', MESSAGES.actOnlyForCompleted);
      if (kind === 'invoice' && order.status === 'CANCELED')
        throw new AppError('BAD_REQUEST', MESSAGES.orderNotPayable);
      const existing = await repo.findByOrderAndKind(db, order.id, kind);
      if (existing) return toOrderDocument(existing, order.number);

      const now = clock.now();
      const number = `${PREFIX[kind]}-${order.number}`;
      // An act is dated the day the work was done (the order's completion), not the day someone asks for it.
      const date = kind === 'act' ? ((await completedAt(order.id)) ?? now) : now;
      const pdf = await renderPdf(documentDefinition(kind, order, { number, date }, config.seller));
      const stored = await storage.save(Readable.from(pdf), 'pdf');
      const row = await repo.insertIfAbsent(db, {
        orderId: order.id,
        userId: order.userId,
        kind,
        number,
        amount: order.amount,
        storedName: stored.storedName,
        size: stored.size,
        createdAt: now,
      });
      if (!row) {
        // Someone generated it at the same moment: keep theirs.
        await storage.remove(stored.storedName);
        const winner = await repo.findByOrderAndKind(db, order.id, kind);
        return toOrderDocument(winner!, order.number);
      }
      return toOrderDocument(row, order.number);
    },

    async listMine(actor: UserPrincipal): Promise<OrderDocument[]> {
      const rows = await db
        .select({ document: orderDocuments, orderNumber: orders.number })
        .from(orderDocuments)
        .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
        .where(eq(orders.userId, actor.userId))
        .orderBy(desc(orderDocuments.createdAt));
      return rows.map((row) => toOrderDocument(row.document, row.orderNumber));
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
