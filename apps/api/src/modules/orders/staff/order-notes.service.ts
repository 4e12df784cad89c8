import { and, desc, eq, isNull } from 'drizzle-orm';
import type { OrderNote } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db } from '#src/db/client.ts';
import { orderNotes, orders, users } from '#src/db/schema/index.ts';
import type { Clock } from '#src/lib/clock.ts';
import { forbidden, notFound } from '#src/lib/errors.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import { toOrderNote } from '../orders.mapper.ts';
import type { AuditRepository } from '../../audit/audit.repository.ts';
import type { OrdersRepository } from '../orders.repository.ts';

export type OrderNotesService = ReturnType<typeof createOrderNotesService>;

/**
 * Internal notes staff leave on an order. Only the back-office routes (ADMIN, MANAGER) reach this service;
 * the customer's and the partner's order views never read the table.
 */
export function createOrderNotesService(deps: {
  db: Db;
  repo: OrdersRepository;
  audit: AuditRepository;
  clock: Clock;
}) {
  const { db, repo, audit, clock } = deps;

  async function requireOrder(orderId: string): Promise<void> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
    if (!row) throw notFound(MESSAGES.orderNotFound);
  }

  const authorColumns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  };

  return {
    /** Newest first: the latest word on an order is what a manager opens it for. */
    async list(actor: UserPrincipal, orderId: string): Promise<{ items: OrderNote[] }> {
      await requireOrder(orderId);
      const rows = await db
        .select({ note: orderNotes, author: authorColumns })
        .from(orderNotes)
        .leftJoin(users, eq(users.id, orderNotes.authorUserId))
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
      return { items: rows.map(({ note, author }) => toOrderNote(actor, note, author)) };
    },

    async add(actor: UserPrincipal, orderId: string, input: { text: string }): Promise<OrderNote> {
      await requireOrder(orderId);
      const note = await repo.insertNote(db, {
        orderId,
        authorUserId: actor.userId,
        text: input.text,
        createdAt: clock.now(),
      });
      const [author] = await db.select(authorColumns).from(users).where(eq(users.id, actor.userId));
      return toOrderNote(actor, note, author ?? null);
    },

    /** The author removes their own note; an ADMIN may remove any. The removal is audited with its text. */
    async remove(actor: UserPrincipal, orderId: string, noteId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [note] = await tx
          .select()
          .from(orderNotes)
          .where(and(eq(orderNotes.id, noteId), eq(orderNotes.orderId, orderId)));
        if (!note) throw notFound(MESSAGES.noteNotFound);
        if (actor.role !== 'ADMIN' && note.authorUserId !== actor.userId) {
          throw forbidden(MESSAGES.noteDeleteNotYours);
        }
        await repo.deleteNote(tx, noteId);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.note.delete',
          entity: 'order',
          entityId: orderId,
          data: { noteId, authorUserId: note.authorUserId, text: note.text },
        });
      });
    },
  };
}
