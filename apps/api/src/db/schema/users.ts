import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CRM_ACCESS_REQUEST_STATUSES, PARTNER_STATUSES, ROLES } from '@app/contracts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text(),
    phoneNumber: text(),
    telegramId: text(),
    firstName: text(),
    lastName: text(),
    username: text(),
    photoUrl: text(),
    role: text({ enum: ROLES }).notNull().default('USER'),
    passwordHash: text(),
    orgInn: text(),
    orgKpp: text(),
    orgName: text(),
    orgAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    index('users_role_idx').on(t.role),
  ],
);

/** A signed-in session. Tokens carry its id; revoking the row ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['user', 'partner'] }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    partnerAccountId: uuid().references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** 'sign-in', or 'email-change:<userId>' for confirming a new address. */
    purpose: text().notNull().default('sign-in'),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_codes_email_created_idx').on(t.email, t.createdAt)],
);

/** Single-use sign-in links sent by e-mail; the link carries the id and an HMAC over it. */
export const loginLinks = pgTable(
  'login_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    purpose: text().notNull().default('sign-in'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  // Every order and sign-in ends the address's open links (decision 031): without it, a scan of every link.
  (t) => [
    index('login_links_open_email_idx')
      .on(t.email)
      .where(sql`used_at is null`),
  ],
);

/**
 * Consecutive failed password sign-ins per login — known or not, so a lock says nothing about an account's
 * existence — and the lock they put on it (decision 020). A successful sign-in deletes the row.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    /** 'staff' (/api/auth/login) or 'partner' (/api/partner/auth/login). */
    realm: text({ enum: ['staff', 'partner'] }).notNull(),
    login: text().notNull(),
    failures: integer().notNull(),
    lastFailureAt: timestamp({ withTimezone: true }).notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.realm, t.login] })],
);

export const crmAccessRequests = pgTable(
  'crm_access_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text(),
    status: text({ enum: CRM_ACCESS_REQUEST_STATUSES }).notNull().default('PENDING'),
    grantedRole: text({ enum: ROLES }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One open request per user.
    uniqueIndex('crm_access_requests_pending_key')
      .on(t.userId)
      .where(sql`status = 'PENDING'`),
  ],
);

export const partnerAccounts = pgTable(
  'partner_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull(),
    phone: text(),
    company: text(),
    website: text(),
    description: text(),
    type: text({ enum: ['AFFILIATE', 'CORPORATE_REFERRAL', 'INTEGRATOR'] }).notNull(),
    status: text({ enum: PARTNER_STATUSES }).notNull().default('ACTIVE'),
    /** The partner's own rate (an override); null: the programme's default for the partner's type. */
    commissionPercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_accounts_email_key').on(t.email)],
);
