import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What the background work did for an order: every attempt, success and failure, with its error. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid().notNull(),
    /** email_sent, delivery_created, ... (a failure is the same type with isSuccess = false). */
    type: text().notNull(),
    isSuccess: boolean().notNull(),
    error: text(),
    data: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    index('order_events_created_idx').on(t.createdAt),
  ],
);
