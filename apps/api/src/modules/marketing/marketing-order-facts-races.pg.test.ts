import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';
import { ORDER_DAILY_SUMS_SQL } from '#test/order-daily.ts';

/**
 * The marketing order facts (decision 078) under concurrent writers, on a real PostgreSQL server (PGlite runs one
 * query at a time and hides races), so only the api-postgres project runs this file. Two transactions are held
 * open on connections of their own, the second queued behind the first, then released in the test's order.
 */
describe('marketing order facts racing (PostgreSQL)', () => {
  let ctx: TestContext;
  let first: pg.Client;
  /** A connection whose daily rows are `first`'s (the same shard, decision 082): its writes queue behind them. */
  let second: pg.Client;
  /** A connection writing other shards of the daily rows than `first`. */
  let other: pg.Client;
  let watcher: pg.Client;

  const shardOf = async (client: pg.Client) =>
    (await client.query<{ shard: number }>('select pg_backend_pid() % 16 as shard')).rows[0]!.shard;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 4 });
    const connect = async () => {
      const client = new pg.Client({ connectionString: ctx.databaseUrl });
      await client.connect();
      return client;
    };
    [first, watcher] = await Promise.all([connect(), connect()]);
    const firstShard = await shardOf(first);
    // A new backend gets the next free process id, so its shard is first's again within about 16 connections —
    // unless other processes (a test run beside this one) take the ids between: connect one at a time, ending the
    // ones not needed, until one shares first's shard (the chance of missing it 300 times is (15/16)^300).
    for (let i = 0; i < 300 && !(second && other); i += 1) {
      const client = await connect();
      const same = (await shardOf(client)) === firstShard;
      if (same && !second) second = client;
      else if (!same && !other) other = client;
      else await client.end();
    }
    if (!second || !other) throw new Error('no connection on first’s shard in 300');
  });
  afterAll(async () => {
    await Promise.all([first, second, other, watcher].map((client) => client?.end()));
    await ctx?.close();
  });

  const run = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];
  const INSERT_ORDER = `
    insert into orders (email, name, phone_number, original_language, target_language, delivery_type, delivery_name,
                        amount, price_breakdown, created_at, acquisition_channel, utm_source, is_paid)
    values ($1, 'Гонка', '+79160000000', 'ru', 'en', 'ELECTRONIC', 'Электронно', $2, '{}'::jsonb, $3::timestamptz,
            'paid', 'race', $4)
    returning id`;
  const insertOrder = async (
    client: pg.Client | null,
    email: string,
    amount: number,
    at: string,
    paid = false,
  ) => {
    const values = [email, amount, at, paid];
    const rows = client ? (await client.query(INSERT_ORDER, values)).rows : await run(INSERT_ORDER, values);
    return (rows[0] as { id: string }).id;
  };
  const tables = async () => ({
    facts: await run(`select * from marketing_order_facts order by order_id`),
    daily: await run(ORDER_DAILY_SUMS_SQL),
  });
  const expectSameAsRebuild = async () => {
    const kept = await tables();
    await run('select marketing_order_facts_rebuild()');
    expect(kept).toEqual(await tables());
  };

  it('two orders of one e-mail paid at once: exactly one is its first paid order', async () => {
    const earlier = await insertOrder(null, 'race-pay@example.ru', 1000, '2033-03-01T09:00:00Z');
    const later = await insertOrder(null, 'race-pay@example.ru', 2000, '2033-03-02T09:00:00Z');

    await first.query('begin');
    await second.query('begin');
    await first.query('update orders set is_paid = true where id = $1', [later]);
    // The second payment waits for the e-mail's lock; without it, each would see no other paid order and flag
    // its own.
    const paying = second.query('update orders set is_paid = true where id = $1', [earlier]);
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await paying;
    await second.query('commit');

    expect(
      await run(
        `select order_id from marketing_order_facts where email_lower = 'race-pay@example.ru' and first_paid`,
      ),
    ).toEqual([{ order_id: earlier }]);
    const [day] = await run<{ new_customers: number; paid_orders: number }>(
      `select sum(new_customers)::int as new_customers, sum(paid_orders)::int as paid_orders
         from marketing_order_daily where day between '2033-03-01' and '2033-03-02' and utm_source = 'race'`,
    );
    expect(day).toEqual({ new_customers: 1, paid_orders: 2 });
    await expectSameAsRebuild();
  });

  it('two orders of one day and tags placed at once on one shard: the daily row counts both', async () => {
    await first.query('begin');
    await second.query('begin');
    await insertOrder(first, 'race-a@example.ru', 1500, '2033-04-01T09:00:00Z', true);
    // The second insert of the same daily row waits for the first's (the upsert), then adds to it.
    const placing = insertOrder(second, 'race-b@example.ru', 2500, '2033-04-01T10:00:00Z', true);
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await placing;
    await second.query('commit');

    const rows = await run<{ orders: number; paid_orders: number; revenue: string; new_customers: number }>(
      `select orders, paid_orders, revenue_kopecks::text as revenue, new_customers
         from marketing_order_daily where day = '2033-04-01' and utm_source = 'race'`,
    );
    expect(rows).toEqual([{ orders: 2, paid_orders: 2, revenue: '400000', new_customers: 2 }]);
    await expectSameAsRebuild();
  });

  it('orders placed at once on two connections do not wait for each other, and the shards add up', async () => {
    // A lock wait would fail the statement after 3 s instead of hanging the test.
    await other.query(`set lock_timeout = '3s'`);
    await first.query('begin');
    await other.query('begin');
    // Unpaid, of one e-mail: the e-mail's first-paid lock is not taken (nothing paid moves).
    await insertOrder(first, 'race-new@example.ru', 1000, '2033-05-01T09:00:00Z');
    await insertOrder(other, 'race-new@example.ru', 1200, '2033-05-01T09:30:00Z');
    // Paid, of two e-mails, on the same day and tags: each adds to its own shard of the daily row.
    await insertOrder(first, 'race-c@example.ru', 1500, '2033-05-01T10:00:00Z', true);
    await insertOrder(other, 'race-d@example.ru', 2500, '2033-05-01T11:00:00Z', true);
    await other.query('commit');
    await first.query('commit');

    const [day] = await run<{ rows: number; orders: number; paid_orders: number; revenue: string }>(
      `select count(*)::int as rows, sum(orders)::int as orders, sum(paid_orders)::int as paid_orders,
              sum(revenue_kopecks)::text as revenue
         from marketing_order_daily where day = '2033-05-01' and utm_source = 'race'`,
    );
    expect(day).toEqual({ rows: 2, orders: 4, paid_orders: 2, revenue: '400000' });
    await expectSameAsRebuild();
  });
});
