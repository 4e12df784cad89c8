import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate, moscowDayStart, type FunnelReport } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * On a real PostgreSQL server (decision 098): the closing job stores a funnel day while a late stage of one of its
 * sessions is in flight, and two writers change that day's sessions at once. The job's snapshot cannot see the
 * stage; the stored day must then not be used once the stage commits (its version was raised by the rollup's
 * trigger), and two writers raising one day's version must both count.
 */
describe('funnel per closed day on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let watcher: pg.Client;
  let first: pg.Client;
  let second: pg.Client;
  const day = moscowDate(moscowDayStart(moscowDate(new Date()), -5));
  const at = (hour: number) => new Date(moscowDayStart(day).getTime() + hour * 3_600_000);
  const stage = (client: { query: pg.Client['query'] }, session: string, name: string, hour: number) =>
    client.query(`insert into funnel_stages (session_id, stage, created_at) values ($1, $2, $3)`, [
      session,
      name,
      at(hour),
    ]);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    const connect = () => new pg.Client({ connectionString: ctx.databaseUrl });
    [watcher, first, second] = [connect(), connect(), connect()];
    await Promise.all([watcher, first, second].map((client) => client.connect()));
    for (const session of ['fr-a', 'fr-b']) await stage(watcher, session, 'landing', 10);
  });
  afterAll(async () => {
    await Promise.all([watcher, first, second].map((client) => client?.end()));
    await ctx?.close();
  });

  const steps = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/funnel?from=${day}&to=${day}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<FunnelReport>();
    return report.stages.find((row) => row.stage === 'step_1')!.sessions;
  };
  const version = async () =>
    Number(
      (await watcher.query(`select version from funnel_day_versions where day = $1`, [day])).rows[0]
        ?.version ?? 0,
    );
  const job = () => ctx.services.marketingJourneys.funnelDays;

  it('a late stage in flight while the job stores its day: once committed, the report has it', async () => {
    expect(await steps()).toBe(0);
    await first.query('begin');
    await stage(first, 'fr-a', 'step_1', 11);
    // The job does not wait for the stage: it reads the committed state and the day's committed version.
    await job().closeDay(day);
    expect(await steps()).toBe(0);
    await first.query('commit');

    expect(await steps()).toBe(1);
    expect(await job().openDays()).toContain(day);
    await job().closeDay(day);
    expect(await job().openDays()).not.toContain(day);
    expect(await steps()).toBe(1);
  });

  it('two writers change one day at once: the version counts both', async () => {
    const before = await version();
    await first.query('begin');
    await stage(first, 'fr-a', 'step_2', 12);
    await second.query('begin');
    const waiting = stage(second, 'fr-b', 'step_1', 12);
    // The second writer's version upsert waits for the first's row instead of reading a stale version.
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await waiting;
    await second.query('commit');
    expect(await version()).toBe(before + 2);
    expect(await steps()).toBe(2);
  });
});
