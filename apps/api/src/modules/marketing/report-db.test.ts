import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { readFigures } from './marketing-figures.ts';
import { reportDb, reportSnapshot } from './report-db.ts';

// Decision 084: the reports' statements run with their own work_mem, set for their transaction only. One
// connection in the pool (PostgreSQL), so the statement after a report's runs on the very connection it used.

const RANGE = { from: '2033-03-01', to: '2033-03-02' };
/** The reports' sessions statement, grouped by the work_mem it runs with. */
const BY_WORK_MEM = { sessions: sql`current_setting('work_mem')`, orders: null, spend: null };

describe('the marketing reports’ work_mem (decision 084)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const workMem = async () =>
    (
      (await database.db.execute(sql`select current_setting('work_mem') as value`)) as unknown as {
        rows: Array<{ value: string }>;
      }
    ).rows[0]!.value;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase({ poolMax: 1 }));
    await database.db.execute(sql`
      insert into analytics_sessions (session_id, visitor_id, created_at, last_seen_at)
      values ('work-mem-1', 'visitor-1', '2033-03-01T09:00:00Z', '2033-03-01T09:00:00Z'),
             ('work-mem-2', 'visitor-1', '2033-03-02T09:00:00Z', '2033-03-02T09:00:00Z')`);
  });
  afterAll(async () => {
    await drop();
  });

  it('a report statement runs with it, and the next statement on the connection does not', async () => {
    const before = await workMem();
    expect(before).not.toBe('48MB');
    const figures = await readFigures(reportDb(database.db, 48), RANGE, {}, BY_WORK_MEM);
    expect([...figures.keys()]).toEqual(['48MB']);
    expect(figures.get('48MB')).toMatchObject({ sessions: 2, visitors: 1 });
    expect(await workMem()).toBe(before);
  });

  it('a failed report statement leaves the connection as it was', async () => {
    const before = await workMem();
    await expect(reportDb(database.db, 48).execute(sql`select 1 / 0`)).rejects.toThrow();
    expect(await workMem()).toBe(before);
    const figures = await readFigures(reportDb(database.db, 48), RANGE, {}, BY_WORK_MEM);
    expect([...figures.keys()]).toEqual(['48MB']);
  });

  it('reads that need one snapshot run in one read-only repeatable-read transaction (decision 087)', async () => {
    const before = await workMem();
    const settings = sql`select current_setting('transaction_isolation') as isolation,
                                current_setting('transaction_read_only') as read_only,
                                current_setting('work_mem') as work_mem, now()::text as started`;
    type Settings = {
      rows: Array<{ isolation: string; read_only: string; work_mem: string; started: string }>;
    };
    const [first, second] = await reportSnapshot(
      database.db,
      48,
    )(async (tx) => [
      ((await tx.execute(settings)) as unknown as Settings).rows[0]!,
      ((await tx.execute(settings)) as unknown as Settings).rows[0]!,
    ]);
    expect(first).toMatchObject({ isolation: 'repeatable read', read_only: 'on', work_mem: '48MB' });
    expect(second!.started).toBe(first!.started); // the same transaction
    expect(await workMem()).toBe(before);
    const plain = await reportSnapshot(
      database.db,
      0,
    )(async (tx) => ((await tx.execute(settings)) as unknown as Settings).rows[0]!);
    expect(plain).toMatchObject({ isolation: 'repeatable read', read_only: 'on', work_mem: before });
  });

  it('0 leaves the statements as they are', async () => {
    expect(reportDb(database.db, 0).snapshot).toBeTypeOf('function');
    const figures = await readFigures(reportDb(database.db, 0), RANGE, {}, BY_WORK_MEM);
    expect([...figures.keys()]).toEqual([await workMem()]);
  });
});
