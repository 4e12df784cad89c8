import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES } from '@app/contracts';

/** Every message the product sends, whatever the transport. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('QUEUED'),
    error: text(),
    attempts: integer().notNull().default(0),
    orderId: uuid(),
    /** Sign-in codes in the message: hidden from the admin outbox when mail really leaves (SMTP, decision 020). */
    secrets: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** When a `send-email` run claimed the message (status SENDING); a claim older than a timeout is stale. */
    claimedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.to)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorUserId: uuid(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    data: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/** Small key-value store for generated secrets (e.g. VAPID keys). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Queues our workers are paused on (decision 056): pg-boss 10 has no pause, so the worker's polling loop
 * (jobs/jobs.ts) skips a queue listed here. A row is the pause; deleting it resumes. Owner: monitoring.
 */
export const queuePauses = pgTable('queue_pauses', {
  queue: text().primaryKey(),
  pausedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  pausedBy: uuid(),
});
