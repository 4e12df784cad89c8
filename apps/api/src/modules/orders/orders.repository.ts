import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@app/contracts';
import { preparedOnce, type DbOrTx } from '../../db/client.ts';
import {
  languages,
  offices,
  orderEvents,
  orderLines,
  orderNotes,
  orderStatusHistory,
  orders,
  partnerAccounts,
  partnerPromoCodes,
  points,
  promoCodes,
  uploads,
} from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;

/**
 * The one writer of the orders module's tables (decision 027): `orders`, `order_lines`, `order_status_history`,
 * `order_notes` and `order_events` are inserted, updated and deleted here only. Services may read them with
 * Drizzle directly (decision 026); a status change goes through `changeOrderStatus` (order-status.service.ts),
 * which is the only caller of `moveStatus` / `markPaid`.
 */

/**
 * Russian names of the languages of the catalogue, by code (a few dozen rows): lists, the order page and the CSV
 * export show «Русский → Немецкий», not `ru → de` (issue 17). A code gone from the catalogue stays a code.
 */
export async function languageNamesOf(db: DbOrTx): Promise<LanguageNames> {
  const rows = await db.select({ code: languages.code, name: languages.name }).from(languages);
  return new Map(rows.map((row) => [row.code, row.name]));
}
export type LanguageNames = ReadonlyMap<string, string>;

/** Document lines (name × quantity) of several orders at once, in order-line position. */
export async function documentLinesOf(db: DbOrTx, orderIds: string[]) {
  const byOrder = new Map<string, Array<{ name: string; quantity: number }>>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'document')))
    .orderBy(asc(orderLines.position));
  for (const row of rows) {
    byOrder.set(row.orderId, [
      ...(byOrder.get(row.orderId) ?? []),
      { name: row.name, quantity: row.quantity },
    ]);
  }
  return byOrder;
}

/** Columns a new order leaves to their database defaults; every other column is given by the order form. */
const ORDER_DEFAULT_COLUMNS = [
  'id',
  'number',
  'status',
  'otherPrice',
  'otherCost',
  'externalDeliveryId',
  'externalDeliveryStatus',
  'externalDeliveryCheckedAt',
  'externalDeliveryTrackingUrl',
  'paymentReminderSentAt',
  'actExchangedAt',
  'actReminderSentAt',
  'isPaid',
  'paidAt',
  'paidOutside',
  // Copied from the pickup point's partner by the trigger orders_fix_partner_commission (decision 044).
  'partnerCommissionPercent',
  'deletedAt',
  'statusToken',
] as const satisfies ReadonlyArray<keyof typeof orders.$inferSelect>;
/** A new order from the form: every column but the defaulted ones, each given (null where empty). */
export type OrderInsert = Required<Omit<typeof orders.$inferInsert, (typeof ORDER_DEFAULT_COLUMNS)[number]>>;
/** Each is a placeholder of the prepared insert; a value missing at run time throws, none is dropped. */
const ORDER_FORM_COLUMNS = Object.keys(getTableColumns(orders)).filter(
  (column) => !(ORDER_DEFAULT_COLUMNS as readonly string[]).includes(column),
) as Array<keyof OrderInsert>;

/** The order, its lines and its first history row in one statement, with placeholders for every value. */
function buildInsertOrder(db: DbOrTx) {
  const inserted = db.$with('inserted_order').as(
    db
      .insert(orders)
      .values(
        // A placeholder inside sql`` gets no column encoder: values are encoded in insertOrder (nulls stay null).
        Object.fromEntries(
          ORDER_FORM_COLUMNS.map((column) => [column, sql`${sql.placeholder(column)}`]),
        ) as unknown as OrderInsert,
      )
      .onConflictDoNothing({ target: [orders.idempotencyScope, orders.idempotencyKey] })
      .returning(),
  );
  // Columns in table order (insert … select fills every column of the table).
  const linesInsert = db.$with('inserted_lines').as(
    db.insert(orderLines).select(
      sql`select gen_random_uuid(), ${inserted.id}, l.position, l.kind, l."refId", l.name, l."unitPrice",
                 l.quantity, l.total
            from ${inserted}
            cross join jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as l(position integer, kind text,
              "refId" uuid, name text, "unitPrice" numeric, quantity integer, total numeric)`,
    ),
  );
  const historyInsert = db.$with('inserted_history').as(
    db.insert(orderStatusHistory).select(
      sql`select gen_random_uuid(), ${inserted.id}, ${sql.placeholder('historyFromStatus')}::text,
                 ${sql.placeholder('historyToStatus')}::text, ${sql.placeholder('historyComment')}::text,
                 ${sql.placeholder('historyActorUserId')}::uuid, ${sql.placeholder('historyCreatedAt')}::timestamptz,
                 null::text
            from ${inserted}`,
    ),
  );
  return db
    .with(inserted, linesInsert, historyInsert)
    .select()
    .from(inserted)
    .prepare('insert_order_from_form');
}
/** An order event written by another module's statement (decision 064); the keys are `orderEventCte`'s placeholders. */
export type OrderEventWrite = {
  eventOrderId: string;
  eventType: string;
  eventIsSuccess: boolean;
  eventError: string | null;
  eventData: unknown;
};

/**
 * The insert of one order event as a CTE, for a caller that records the event in its own statement (the mail's
 * send-email job finishes its message and records `email_sent` in one round trip). This module stays the one writer
 * of `order_events` (decision 026): the SQL is built here.
 */
export function orderEventCte(db: DbOrTx) {
  return db.$with('recorded_event').as(
    db
      .insert(orderEvents)
      .values({
        orderId: sql.placeholder('eventOrderId') as unknown as string,
        type: sql.placeholder('eventType') as unknown as string,
        isSuccess: sql.placeholder('eventIsSuccess') as unknown as boolean,
        error: sql.placeholder('eventError') as unknown as string,
        data: sql.placeholder('eventData'),
      })
      .returning({ id: orderEvents.id }),
  );
}

export function createOrdersRepository() {
  // The order form's statements are prepared once (decision 031): no query building per order.
  const insertOrderStatement = preparedOnce(buildInsertOrder);
  const lockActivePointStatement = preparedOnce((db) =>
    db
      .select()
      .from(points)
      .where(and(eq(points.id, sql.placeholder('id')), eq(points.isActive, true)))
      .for('share')
      .prepare('lock_active_point_row'),
  );
  return {
    /**
     * The active point, held against deletion until the transaction ends (decision 019); undefined if it is gone
     * or inactive. The order's check of the point and its lock in one round trip (decision 064).
     */
    async lockActivePoint(tx: DbOrTx, id: string) {
      const [row] = await lockActivePointStatement(tx, { id });
      return row;
    },
    async findActiveOffice(db: DbOrTx, id: string) {
      const [row] = await db
        .select()
        .from(offices)
        .where(and(eq(offices.id, id), eq(offices.isActive, true)));
      return row;
    },
    /** The referring partner of an order (partner portal account), only while it is ACTIVE. */
    async findActivePartnerAccount(db: DbOrTx, id: string) {
      const [row] = await db
        .select({ id: partnerAccounts.id })
        .from(partnerAccounts)
        .where(and(eq(partnerAccounts.id, id), eq(partnerAccounts.status, 'ACTIVE')));
      return row;
    },
    /** The code, and the status of the portal partner it belongs to (null: nobody's code; decision 061). */
    async findPromo(db: DbOrTx, code: string) {
      const [row] = await db
        .select({ promo: promoCodes, partnerStatus: partnerAccounts.status })
        .from(promoCodes)
        .leftJoin(partnerPromoCodes, eq(partnerPromoCodes.code, promoCodes.code))
        .leftJoin(partnerAccounts, eq(partnerAccounts.id, partnerPromoCodes.partnerAccountId))
        .where(eq(promoCodes.code, code));
      return row ? { ...row.promo, partnerStatus: row.partnerStatus } : undefined;
    },
    /**
     * Inserts a new order with its lines and its first history row in one statement (decision 031: one round
     * trip instead of three), unless the idempotency key is taken: then nothing is written and the answer is
     * null (the caller reads the existing order). Lines and history are selected from the inserted row, so they
     * exist exactly when the order does. The statement is built once and runs prepared (preparedOnce).
     */
    async insertOrder(
      db: DbOrTx,
      values: OrderInsert,
      lines: Array<Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>>,
      history: Omit<typeof orderStatusHistory.$inferInsert, 'id' | 'orderId'>,
    ): Promise<OrderRow | null> {
      const encoded = Object.fromEntries(
        ORDER_FORM_COLUMNS.map((column) => {
          const value = values[column];
          return [column, value == null ? null : orders[column].mapToDriverValue(value as never)];
        }),
      );
      const [row] = await insertOrderStatement(db, {
        ...encoded,
        lines: JSON.stringify(lines),
        historyFromStatus: history.fromStatus ?? null,
        historyToStatus: history.toStatus,
        historyComment: history.comment ?? null,
        historyActorUserId: history.actorUserId ?? null,
        historyCreatedAt: history.createdAt ?? new Date(),
      });
      return (row as OrderRow | undefined) ?? null;
    },
    async findByIdempotencyKey(db: DbOrTx, scope: string, key: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
      return row;
    },
    async findById(db: DbOrTx, id: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.deletedAt)));
      return row;
    },
    async insertHistory(db: DbOrTx, values: typeof orderStatusHistory.$inferInsert) {
      await db.insert(orderStatusHistory).values(values);
    },
    async sumUploadSizes(db: DbOrTx, fileIds: string[]): Promise<number> {
      if (fileIds.length === 0) return 0;
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint` })
        .from(uploads)
        .where(inArray(uploads.id, fileIds));
      return Number(row?.total ?? 0);
    },

    /**
     * Locks the order row until the transaction ends (decision 019). Status changes, payment settlement, amount
     * changes and payment links all take this lock first, so none of them interleaves with another.
     */
    async lockById(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },
    /** When the order last entered `status` (its newest history entry to it). */
    async lastEnteredAt(db: DbOrTx, id: string, status: OrderStatus): Promise<Date | null> {
      const [entered] = await db
        .select({ createdAt: orderStatusHistory.createdAt })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, status)))
        .orderBy(desc(orderStatusHistory.createdAt))
        .limit(1);
      return entered?.createdAt ?? null;
    },
    /** Moves the order to `to` only if it is still in `from`; null if it had moved. Only changeOrderStatus calls it. */
    async moveStatus(
      db: DbOrTx,
      change: { id: string; from: OrderStatus; to: OrderStatus; now: Date },
    ): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ status: change.to, updatedAt: change.now })
        .where(and(eq(orders.id, change.id), eq(orders.status, change.from)))
        .returning();
      return row ?? null;
    },
    /**
     * Marks the order paid (and moves it from `from` to `to`) only while it is unpaid, in `from` and due exactly
     * `amount`; null otherwise. Only changeOrderStatus calls it.
     */
    async markPaid(
      db: DbOrTx,
      change: {
        id: string;
        from: OrderStatus;
        to: OrderStatus;
        amount: number;
        now: Date;
        /** Staff recorded a payment made outside the system (decision 043). */
        outside?: boolean;
      },
    ): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({
          isPaid: true,
          paidAt: change.now,
          paidOutside: change.outside ?? false,
          status: change.to,
          updatedAt: change.now,
        })
        .where(
          and(
            eq(orders.id, change.id),
            eq(orders.isPaid, false),
            eq(orders.amount, change.amount),
            eq(orders.status, change.from),
          ),
        )
        .returning();
      return row ?? null;
    },
    async setAmount(db: DbOrTx, id: string, amount: number, now: Date): Promise<void> {
      await db.update(orders).set({ amount, updatedAt: now }).where(eq(orders.id, id));
    },
    /**
     * A staff edit before work starts (decision 054): the order's columns and, when `lines` is given, its lines
     * replaced (the unit-economics triggers follow the delete and the insert).
     */
    async replaceContents(
      db: DbOrTx,
      id: string,
      values: Partial<typeof orders.$inferInsert>,
      lines: Array<Omit<typeof orderLines.$inferInsert, 'orderId'>> | null,
    ): Promise<void> {
      await db.update(orders).set(values).where(eq(orders.id, id));
      if (!lines) return;
      await db.delete(orderLines).where(eq(orderLines.orderId, id));
      if (lines.length > 0)
        await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: id })));
    },
    /**
     * False when the order does not exist, was deleted, or its total is below the other document's price (which
     * is part of the total, decision 044): one conditional statement, so a concurrent amount change cannot slip
     * between the check and the write.
     */
    async setOtherDocumentAmount(
      db: DbOrTx,
      id: string,
      values: { otherPrice: number | null; otherCost: number | null },
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ ...values, updatedAt: now })
        .where(
          and(
            eq(orders.id, id),
            isNull(orders.deletedAt),
            values.otherPrice === null ? undefined : gte(orders.amount, values.otherPrice),
          ),
        )
        .returning({ id: orders.id });
      return rows.length > 0;
    },
    async setActExchangedAt(db: DbOrTx, id: string, actExchangedAt: Date | null, now: Date): Promise<void> {
      await db.update(orders).set({ actExchangedAt, updatedAt: now }).where(eq(orders.id, id));
    },
    /** Soft delete; the deleted order's number, e-mail and amount (for the audit log), or undefined if none. */
    async softDelete(db: DbOrTx, id: string, now: Date) {
      const [row] = await db
        .update(orders)
        .set({ deletedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.deletedAt)))
        .returning({ number: orders.number, email: orders.email, amount: orders.amount });
      return row;
    },
    async confirmOwner(db: DbOrTx, id: string, now: Date): Promise<void> {
      await db
        .update(orders)
        .set({ ownerConfirmedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.ownerConfirmedAt)));
    },
    /** Stores the courier claim unless another attempt stored one first (then false). */
    async setDeliveryClaim(
      db: DbOrTx,
      id: string,
      claim: { id: string; status: string },
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({
          externalDeliveryId: claim.id,
          externalDeliveryStatus: claim.status,
          externalDeliveryCheckedAt: now,
          updatedAt: now,
        })
        .where(and(eq(orders.id, id), isNull(orders.externalDeliveryId)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },
    async setDeliveryStatus(
      db: DbOrTx,
      id: string,
      status: string,
      now: Date,
      trackingUrl?: string | null,
    ): Promise<void> {
      await db
        .update(orders)
        .set({
          externalDeliveryStatus: status,
          externalDeliveryCheckedAt: now,
          ...(trackingUrl ? { externalDeliveryTrackingUrl: trackingUrl } : {}),
        })
        .where(eq(orders.id, id));
    },
    /** Marks the payment reminder of a still unpaid NEW order as sent; undefined when it is not due any more. */
    async markPaymentReminderSent(db: DbOrTx, id: string, now: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ paymentReminderSentAt: now })
        .where(
          and(
            eq(orders.id, id),
            isNull(orders.paymentReminderSentAt),
            eq(orders.isPaid, false),
            eq(orders.status, 'NEW'),
          ),
        )
        .returning();
      return row;
    },
    /** Marks the act reminder of the orders still waiting for their act and not reminded since `remindedBefore`. */
    async markActRemindersSent(
      db: DbOrTx,
      ids: string[],
      now: Date,
      remindedBefore: Date,
    ): Promise<OrderRow[]> {
      return db
        .update(orders)
        .set({ actReminderSentAt: now })
        .where(
          and(
            inArray(orders.id, ids),
            isNull(orders.actExchangedAt),
            or(isNull(orders.actReminderSentAt), lt(orders.actReminderSentAt, remindedBefore)),
          ),
        )
        .returning();
    },
    async insertNote(db: DbOrTx, values: typeof orderNotes.$inferInsert): Promise<OrderNoteRow> {
      const [row] = await db.insert(orderNotes).values(values).returning();
      return row!;
    },
    async deleteNote(db: DbOrTx, id: string): Promise<void> {
      await db.delete(orderNotes).where(eq(orderNotes.id, id));
    },
    /** An attempt of background work on an order (monitoring shows the failures). */
    async insertEvent(db: DbOrTx, values: typeof orderEvents.$inferInsert): Promise<void> {
      await db.insert(orderEvents).values(values);
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
