import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * What the marketing reports run their statements on (decision 084): `execute` of a statement, its rows in
 * `.rows`. The plain `Db` is one (PGlite, and tests that call the report SQL directly).
 */
export type ReportDb = {
  execute(query: SQL): PromiseLike<unknown>;
  /** Reads that need one snapshot (reportSnapshot); the reports' own wrapper has it, a plain `Db` does not. */
  snapshot?: <T>(read: (tx: ReportDb) => Promise<T>) => Promise<T>;
};

/**
 * The reports' statements with more sort and hash memory: each statement in its own transaction that first sets
 * `work_mem` for that transaction only (`set_config(…, true)`, i.e. `SET LOCAL`), so the setting ends at its
 * COMMIT and never reaches the next user of the pooled connection. One transaction per statement, not per report:
 * a report runs its statements in parallel (`Promise.all`), on as many connections; one transaction would run
 * them one after another on one. `workMemMb` 0 (PGlite, or turned off): the statements run as they are.
 */
export function reportDb(db: Db, workMemMb: number): ReportDb {
  const snapshot = reportSnapshot(db, workMemMb);
  if (workMemMb <= 0) return { execute: (query) => db.execute(query), snapshot };
  const workMem = `${workMemMb}MB`;
  return {
    snapshot,
    execute: (query) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('work_mem', ${workMem}, true)`);
        return tx.execute(query);
      }),
  };
}

/**
 * Reads that must see one snapshot (decision 087: the stored days, then the stored counts and the other days'
 * raw rows — the closing job or a write in between would otherwise count a day twice or not at all): one read-only
 * REPEATABLE READ transaction, with the reports' `work_mem` when it is set.
 */
export function reportSnapshot(db: Db, workMemMb: number) {
  return <T>(read: (tx: ReportDb) => Promise<T>): Promise<T> =>
    db.transaction(
      async (tx) => {
        if (workMemMb > 0) await tx.execute(sql`select set_config('work_mem', ${`${workMemMb}MB`}, true)`);
        return read(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
}
