import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate, moscowDayStart, type LeadScoringReport } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';

/**
 * On a real PostgreSQL server (decision 097): the closing job stores a day of lead scores while a late event of
 * one of its sessions is in flight, and two tracker batches with events of that day's sessions commit at once. The
 * job's snapshot cannot see the event; the stored day must then not be used once the event commits (its version
 * was raised by the insert), and two writers raising one day's version must both count.
 */
describe('lead scoring per closed day on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;
  let watcher: pg.Client;
  let first: pg.Client;
  let second: pg.Client;
  const today = moscowDate(new Date());
  const day = moscowDate(moscowDayStart(today, -5));
  const at = (hour: number) => new Date(moscowDayStart(day).getTime() + hour * 3_600_000);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
    await fx.run(
      `update analytics_config set hot_lead_threshold = 50,
         lead_score_rules = '[{"eventType":"form_submit","points":30,"decayDays":0}]'::jsonb where id = 1`,
    );
    for (const id of ['lsr-a', 'lsr-b']) {
      await fx.run(
        `insert into analytics_sessions (session_id, channel, created_at, last_seen_at) values ($1, 'organic', $2, $2)`,
        [id, at(10)],
      );
      await event(fx.run.bind(fx), id);
    }
    const connect = () => new pg.Client({ connectionString: ctx.databaseUrl });
    [watcher, first, second] = [connect(), connect(), connect()];
    await Promise.all([watcher, first, second].map((client) => client.connect()));
  });
  afterAll(async () => {
    await Promise.all([watcher, first, second].map((client) => client?.end()));
    await ctx?.close();
  });

  async function event(run: (text: string, values: unknown[]) => Promise<unknown>, sessionId: string) {
    await run(
      `insert into analytics_events (session_id, event_type, created_at) values ($1, 'form_submit', $2)`,
      [sessionId, at(11)],
    );
  }
  const scores = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/lead-scoring?from=${day}&to=${day}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(
      response.json<LeadScoringReport>().sessions.map((row) => [row.sessionId, row.score]),
    );
  };
  const version = async () =>
    Number(
      (await watcher.query(`select version from lead_score_day_versions where day = $1`, [day])).rows[0]
        ?.version ?? 0,
    );
  const job = () => ctx.services.marketingJourneys.leadScoreDays;

  it('a late event in flight while the job stores its day: once committed, the report has it', async () => {
    expect(await scores()).toEqual({ 'lsr-a': 30, 'lsr-b': 30 });
    await first.query('begin');
    await event((text, values) => first.query(text, values), 'lsr-a');
    // The job does not wait for the event: it reads the committed state and the day's committed version.
    await job().closeDay(day, today);
    expect(await scores()).toEqual({ 'lsr-a': 30, 'lsr-b': 30 });
    await first.query('commit');

    expect(await scores()).toEqual({ 'lsr-a': 60, 'lsr-b': 30 });
    expect((await job().closeDays()).days).toBeGreaterThan(0);
    const [stored] = (
      await watcher.query(
        `select score from lead_score_day_sessions where day = $1 and session_id = 'lsr-a'`,
        [day],
      )
    ).rows as Array<{ score: number }>;
    expect(stored?.score).toBe(60);
    expect(await scores()).toEqual({ 'lsr-a': 60, 'lsr-b': 30 });
  });

  it('two batches with events of one day commit at once: the version counts both', async () => {
    const before = await version();
    await first.query('begin');
    await event((text, values) => first.query(text, values), 'lsr-a');
    await second.query('begin');
    const waiting = event((text, values) => second.query(text, values), 'lsr-b');
    // The second batch's version upsert waits for the first's row instead of reading a stale version.
    await waitForLockWaiters(watcher, 1);
    await first.query('commit');
    await waiting;
    await second.query('commit');
    expect(await version()).toBe(before + 2);
    expect(await scores()).toEqual({ 'lsr-a': 90, 'lsr-b': 60 });
  });
});
