import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate, moscowDayStart, type AttributionReport } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';

/**
 * On a real PostgreSQL server (decision 096): the closing job stores a day while a payment of one of its orders is
 * in flight, and two payments of one day's orders commit at once. The job's snapshot cannot see the payment; the
 * stored day must then not be used once the payment commits (its version was raised by the payment), and two
 * writers raising one day's version must both count (the upsert is the atomic check-then-act).
 */
describe('attribution per closed day on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;
  let watcher: pg.Client;
  let first: pg.Client;
  let second: pg.Client;
  const day = moscowDate(moscowDayStart(moscowDate(new Date()), -5));
  const at = (hour: number) => new Date(moscowDayStart(day).getTime() + hour * 3_600_000);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
    const connect = () => new pg.Client({ connectionString: ctx.databaseUrl });
    [watcher, first, second] = [connect(), connect(), connect()];
    await Promise.all([watcher, first, second].map((client) => client.connect()));
  });
  afterAll(async () => {
    await Promise.all([watcher, first, second].map((client) => client?.end()));
    await ctx?.close();
  });

  const totals = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/attribution?from=${day}&to=${day}&groupBy=channel`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json<AttributionReport>().totals;
  };
  const pay = (client: pg.Client, id: string) =>
    client.query(`update orders set is_paid = true, status = 'PAID', paid_at = now() where id = $1`, [id]);
  const version = async () =>
    Number(
      (await watcher.query(`select version from journey_day_versions where day = $1`, [day])).rows[0]
        ?.version ?? 0,
    );

  it('a payment in flight while the job stores its day: once committed, the report has it', async () => {
    await fx.order({ isPaid: true, status: 'PAID', amount: 1000, createdAt: at(10) });
    const unpaid = await fx.order({ isPaid: false, amount: 500, createdAt: at(11) });
    expect(await totals()).toEqual({ orders: 1, revenue: expect.any(Number), margin: expect.any(Number) });

    await first.query('begin');
    await pay(first, unpaid.id);
    // The job does not wait for the payment: it reads the committed state and the day's committed version.
    await ctx.services.marketingJourneys.journeyDays.closeDay(day);
    expect((await totals()).orders).toBe(1);
    await first.query('commit');

    expect((await totals()).orders).toBe(2);
    expect(await ctx.services.marketingJourneys.journeyDays.openDays()).toContain(day);
    await ctx.services.marketingJourneys.journeyDays.closeDay(day);
    expect(await ctx.services.marketingJourneys.journeyDays.openDays()).not.toContain(day);
    expect((await totals()).orders).toBe(2);
  });

  it('two payments of one day commit at once: the version counts both', async () => {
    const [a, b] = [
      await fx.order({ isPaid: false, amount: 300, createdAt: at(12) }),
      await fx.order({ isPaid: false, amount: 400, createdAt: at(13) }),
    ];
    const before = await version();
    await first.query('begin');
    await pay(first, a.id);
    await second.query('begin');
    const waiting = pay(second, b.id);
    // The second payment's version upsert waits for the first's row instead of reading a stale version.
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await waiting;
    await second.query('commit');
    expect(await version()).toBe(before + 2);
    expect((await totals()).orders).toBe(4);
  });
});
