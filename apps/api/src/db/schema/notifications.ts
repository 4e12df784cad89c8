import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** In-app notifications shown in the cabinet (and pushed where the customer subscribed). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull(),
    type: text({
      enum: [
        'order_created',
        'order_paid',
        'status_changed',
        'order_canceled',
        'order_ready',
        'message',
        // To ADMIN: someone asked for back-office access (its push opens the requests page, decision 048).
        'crm_access_request',
      ],
    }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    orderId: uuid(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);
