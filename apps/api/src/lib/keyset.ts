import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.ts';

/**
 * Keyset pagination, newest first, on (created_at, id): the cursor is `createdAt|id` of the last row seen,
 * so a page deep in the list costs what the first one does. One implementation for every list.
 */
export function keysetAfter(createdAt: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const { date, lastId } = parseKeysetCursor(cursor);
  // A row comparison, not `a < x or (a = x and b < y)`: PostgreSQL turns it into one index range on
  // (created_at, id), so the page starts where the cursor points instead of filtering every row before it.
  return sql`(${createdAt}, ${id}) < (${date.toISOString()}::timestamptz, ${lastId}::uuid)`;
}

/** The `createdAt|id` of a cursor (a raw-SQL list compares them itself); a malformed cursor is a 400. */
export function parseKeysetCursor(cursor: string): { date: Date; lastId: string } {
  const [at, lastId] = cursor.split('|');
  const date = new Date(at ?? '');
  if (!lastId || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(lastId))
    throw badRequest('Некорректный курсор');
  return { date, lastId };
}

/** Cuts the extra row fetched to know whether there is a next page (query with `limit + 1`). */
export function keysetPage<T extends { createdAt: Date; id: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor?: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return rows.length > limit && last
    ? { rows: page, nextCursor: `${last.createdAt.toISOString()}|${last.id}` }
    : { rows: page };
}
