import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/** Invoices and acts generated for an order: one of each kind, stored and downloadable again. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid(),
    kind: text({ enum: ['invoice', 'act'] }).notNull(),
    number: text().notNull(),
    amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    storedName: text().notNull(),
    size: numeric({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_documents_order_kind_key').on(t.orderId, t.kind),
    index('order_documents_user_idx').on(t.userId),
  ],
);
