import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * On a real PostgreSQL server: two transactions record the first stages of one session at once (a tracker batch
 * and the server's order stage, or a beacon and its retry by another route). The rollup row of the session does
 * not exist yet for either: both must land on one row holding both stages, and the second day of a stage must
 * mark the session split (decision 080) — the trigger's upsert is the atomic check-then-act.
 */
describe('funnel rollup on PostgreSQL', () => {
  let ctx: TestContext;
  let watcher: pg.Client;
  let first: pg.Client;
  let second: pg.Client;
  beforeAll(async () => {
    ctx = await createTestContext();
    const connect = () => new pg.Client({ connectionString: ctx.databaseUrl });
    [watcher, first, second] = [connect(), connect(), connect()];
    await Promise.all([watcher, first, second].map((client) => client.connect()));
  });
  afterAll(async () => {
    await Promise.all([watcher, first, second].map((client) => client?.end()));
    await ctx?.close();
  });

  const addStages = (client: pg.Client, rows: Array<[string, string]>) =>
    client.query(
      `insert into funnel_stages (session_id, stage, created_at)
       select 'race-funnel-1', stage, at::timestamptz from unnest($1::text[], $2::text[]) as x(stage, at)`,
      [rows.map(([stage]) => stage), rows.map(([, at]) => at)],
    );

  it('two transactions adding the first stages of one session meet on one row', async () => {
    await first.query('begin');
    await addStages(first, [
      ['landing', '2031-05-02T23:40:00+03:00'],
      ['calculator_used', '2031-05-02T23:45:00+03:00'],
    ]);
    await second.query('begin');
    const waiting = addStages(second, [
      ['landing', '2031-05-03T00:15:00+03:00'],
      ['step_1', '2031-05-03T00:20:00+03:00'],
    ]);
    // The second upsert waits on the first one's new row, not on anything else.
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await waiting;
    await second.query('commit');

    const { rows } = await watcher.query(
      `select landing_at, calculator_used_at, step_1_at, first_at, last_at, split_days from funnel_sessions
       where session_id = 'race-funnel-1'`,
    );
    expect(rows).toEqual([
      {
        landing_at: new Date('2031-05-02T20:40:00Z'),
        calculator_used_at: new Date('2031-05-02T20:45:00Z'),
        step_1_at: new Date('2031-05-02T21:20:00Z'),
        first_at: new Date('2031-05-02T20:40:00Z'),
        last_at: new Date('2031-05-02T21:20:00Z'),
        split_days: true,
      },
    ]);
    const computed = await watcher.query(
      `select landing_at, calculator_used_at, step_1_at, first_at, last_at, split_days
       from funnel_sessions_computed where session_id = 'race-funnel-1'`,
    );
    expect(rows).toEqual(computed.rows);
  });

  it('a session stored while another transaction adds its first stage: the row gets the session', async () => {
    await first.query('begin');
    await first.query(
      `insert into analytics_sessions (session_id, channel, utm_source, utm_medium, device_type, created_at,
                                       last_seen_at)
       values ('race-funnel-2', 'paid', 'yandex', 'cpc', 'mobile', '2031-05-04T10:00:00+03:00',
               '2031-05-04T10:00:00+03:00')`,
    );
    await second.query('begin');
    const waiting = second.query(
      `insert into funnel_stages (session_id, stage, created_at)
       values ('race-funnel-2', 'landing', '2031-05-04T10:01:00+03:00')`,
    );
    // The stage's trigger waits for the session's transaction instead of reading the session as absent.
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await waiting;
    await second.query('commit');

    const select = `select session_start, channel, utm_source, device_type, landing_at from %s
                    where session_id = 'race-funnel-2'`;
    const { rows } = await watcher.query(select.replace('%s', 'funnel_sessions'));
    expect(rows).toEqual([
      {
        session_start: new Date('2031-05-04T07:00:00Z'),
        channel: 'paid',
        utm_source: 'yandex',
        device_type: 'mobile',
        landing_at: new Date('2031-05-04T07:01:00Z'),
      },
    ]);
    expect(rows).toEqual((await watcher.query(select.replace('%s', 'funnel_sessions_computed'))).rows);
  });
});
