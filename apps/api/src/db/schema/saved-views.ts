import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A staff member's saved filters of the CRM order list (decision 052): a name and the list's URL query, per user,
 * at most SAVED_VIEWS_MAX each. Deleted with the user.
 */
export const orderSavedViews = pgTable(
  'order_saved_views',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_saved_views_user_name_key').on(t.userId, t.name),
    index('order_saved_views_user_created_idx').on(t.userId, t.createdAt),
  ],
);
