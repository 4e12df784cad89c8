import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * The marketing order facts (decision 078) under concurrent writers, on a real PostgreSQL server (PGlite runs one
 * query at a time and hides races), so only the api-postgres project runs this file. Two transactions are held
 * open on connections of their own, the second queued behind the first, then released in the test's order.
 */
describe('marketing order facts racing (PostgreSQL)', () => {
  let ctx: TestContext;
  let first: pg.Client;
  let second: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 4 });
    first = new pg.Client({ connectionString: ctx.databaseUrl });
    second = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await Promise.all([first.connect(), second.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await Promise.all([first?.end(), second?.end(), watcher?.end()]);
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
    daily: await run(
      `select * from marketing_order_daily
        order by day, acquisition_channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term`,
    ),
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

  it('two orders of one day and tags placed at once: the daily row counts both', async () => {
    await first.query('begin');
    await second.query('begin');
    await insertOrder(first, 'race-a@example.ru', 1500, '2033-04-01T09:00:00Z', true);
    // The second insert of the same daily row waits for the first's (the upsert), then adds to it.
    const placing = insertOrder(second, 'race-b@example.ru', 2500, '2033-04-01T10:00:00Z', true);
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await placing;
    await second.query('commit');

    const [day] = await run<{ orders: number; paid_orders: number; revenue: string; new_customers: number }>(
      `select orders, paid_orders, revenue_kopecks::text as revenue, new_customers
         from marketing_order_daily where day = '2033-04-01' and utm_source = 'race'`,
    );
    expect(day).toEqual({ orders: 2, paid_orders: 2, revenue: '400000', new_customers: 2 });
    await expectSameAsRebuild();
  });
});
