import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The finished work staff attach to an order for its customer: the translation of an electronic order, scans of
 * notarised copies (decision 038). The customer sees a file once it was sent (`sent_at`); before that staff may
 * remove a wrong one.
 */
export const orderResults = pgTable(
  'order_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    originalName: text().notNull(),
    storedName: text().notNull(),
    size: integer().notNull(),
    mimeType: text().notNull(),
    uploadedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('order_results_order_idx').on(t.orderId, t.createdAt)],
);
