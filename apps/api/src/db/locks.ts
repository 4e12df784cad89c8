import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Waits for, then holds until the transaction ends, a database lock named by `key` (decision 019). For a
 * check-then-act with no row to lock — a count limit, a cooldown before the first row exists — every writer takes
 * the same key first and reads only then, so concurrent writers check one after another.
 */
export async function lockForTransaction(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
