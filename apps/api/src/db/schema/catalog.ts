import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DELIVERY_TYPES } from '@app/contracts';

const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });
const auditTimes = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Form settings group "document". A deleted item keeps its row (deletedAt) so old orders keep their lines. */
export const documentTypes = pgTable(
  'document_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    name: text().notNull(),
    price: money().notNull(),
    processingDays: integer().notNull().default(1),
    sortOrder: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    ...auditTimes,
  },
  // One live document per code, whatever its case (decision 048); deleted rows keep theirs for old orders.
  (t) => [
    uniqueIndex('document_types_live_type_key')
      .on(sql`lower(${t.type})`)
      .where(sql`deleted_at is null`),
  ],
);

export const assurances = pgTable('assurances', {
  id: uuid().primaryKey().defaultRandom(),
  type: text().notNull(),
  name: text().notNull(),
  price: money().notNull(),
  extraDays: integer().notNull().default(0),
  sortOrder: integer().notNull().default(0),
  deletedAt: timestamp({ withTimezone: true }),
  ...auditTimes,
});

export const deliveries = pgTable('deliveries', {
  id: uuid().primaryKey().defaultRandom(),
  type: text({ enum: DELIVERY_TYPES }).notNull(),
  name: text().notNull(),
  price: money().notNull(),
  description: text(),
  sortOrder: integer().notNull().default(0),
  deletedAt: timestamp({ withTimezone: true }),
  ...auditTimes,
});

export const languages = pgTable('languages', {
  code: text().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
});

export const offices = pgTable('offices', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  address: text().notNull(),
  phone: text(),
  email: text(),
  schedule: text(),
  lat: doublePrecision(),
  lon: doublePrecision(),
  isActive: boolean().notNull().default(true),
  ...auditTimes,
});

/** Back-office partners (pickup point operators). */
export const partners = pgTable('partners', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  commission: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  userId: uuid(),
  ...auditTimes,
});

export const points = pgTable(
  'points',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text(),
    name: text().notNull(),
    schedule: text(),
    address: text().notNull(),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    partnerId: uuid().references(() => partners.id, { onDelete: 'set null' }),
    description: text(),
    email: text(),
    phone: text(),
    photos: text().array().notNull().default([]),
    isActive: boolean().notNull().default(true),
    type: text().notNull().default('PARTNER'),
    metro: text(),
    metroColor: text(),
    ...auditTimes,
  },
  (t) => [uniqueIndex('points_code_key').on(t.code), index('points_partner_id_idx').on(t.partnerId)],
);

export const holidays = pgTable('holidays', {
  date: date({ mode: 'string' }).primaryKey(),
  name: text().notNull(),
  /** A working day moved onto a weekend (перенос) is stored with isWorkingDay = true. */
  isWorkingDay: boolean().notNull().default(false),
});

/**
 * Price rules (/crm/tariffs) the order price engine applies to each document line: the most specific active rule
 * matching the language pair and document type wins (ties: lower sortOrder). Null criteria match anything.
 * Unit price = round(document price × pricePercent / 100) + surcharge; ready date + extraDays.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    originalLanguage: text(),
    targetLanguage: text(),
    documentTypeId: uuid().references(() => documentTypes.id, { onDelete: 'cascade' }),
    pricePercent: integer().notNull().default(100),
    surcharge: money().notNull().default(0),
    extraDays: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    ...auditTimes,
  },
  (t) => [index('tariffs_languages_idx').on(t.originalLanguage, t.targetLanguage)],
);
