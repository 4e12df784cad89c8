import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers.ts';
import type { Database } from './client.ts';
import { appSettings } from './schema/index.ts';

/**
 * `db.transaction` on PostgreSQL is ours (decision 077: no Drizzle construction per transaction): what Drizzle's
 * did must still hold — commit, rollback on an error and on `tx.rollback()`, savepoints, `tx.query`, a config, and
 * the connection back in the pool every time (a pool of one would hang otherwise).
 */
describe('transactions on PostgreSQL (decision 077)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const value = async (key: string) =>
    (await database.db.select().from(appSettings).where(eq(appSettings.key, key)))[0]?.value;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase({ poolMax: 1 }));
  });
  afterAll(async () => {
    await drop();
  });

  it('commits, rolls back on an error and on tx.rollback(), and returns the connection each time', async () => {
    const result = await database.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: 'tx-commit', value: 1 });
      // tx.query (built on first use) runs on the transaction's connection: it sees the uncommitted row.
      const seen = await tx.query.appSettings.findFirst({ where: eq(appSettings.key, 'tx-commit') });
      return seen?.value;
    });
    expect(result).toBe(1);
    expect(await value('tx-commit')).toBe(1);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(appSettings).values({ key: 'tx-error', value: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await value('tx-error')).toBeUndefined();

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(appSettings).values({ key: 'tx-rollback', value: 1 });
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(await value('tx-rollback')).toBeUndefined();
  });

  it('keeps savepoints and transaction configs', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: 'tx-outer', value: 1 });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(appSettings).values({ key: 'tx-inner', value: 1 });
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    expect(await value('tx-outer')).toBe(1);
    expect(await value('tx-inner')).toBeUndefined();

    const isolation = async (tx: Pick<Database['db'], 'execute'>) =>
      (
        (await tx.execute(sql`select current_setting('transaction_isolation') as level`)) as unknown as {
          rows: Array<{ level: string }>;
        }
      ).rows[0]?.level;
    const level = await database.db.transaction(isolation, { isolationLevel: 'serializable' });
    expect(level).toBe('serializable');
    const plain = await database.db.transaction(isolation);
    expect(plain).toBe('read committed');
  });
});
