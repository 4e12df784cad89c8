import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * Pausing and resuming a queue from several admin screens at once (decision 056), on a real PostgreSQL server
 * (PGlite runs one query at a time and hides races): the pause row is written once, every request answers the
 * queue's state, and the audit has one entry per real change, not one per click. «Запустить сейчас» the same way:
 * one run of a task waits at a time.
 */
describe('queue pause and resume at once (PostgreSQL)', () => {
  const QUEUE = 'notification-tasks';
  let ctx: TestContext;
  let admin: { authorization: string };
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 10 });
    admin = await ctx.staffAuth(...DEMO.admin);
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await ctx?.close();
  });

  const audits = async (action: string) =>
    Number(
      (
        await watcher.query<{ n: string }>(
          `select count(*) as n from audit_log where action = $1 and entity_id = $2`,
          [action, QUEUE],
        )
      ).rows[0]!.n,
    );
  const act = (what: 'pause' | 'resume') =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/queue/${QUEUE}/${what}`, headers: admin });

  it('four pauses at once write one pause and one audit entry; four resumes at once remove it once', async () => {
    // Another pause is being written and not yet committed: the four requests wait on its key, then it goes.
    await locker.query('begin');
    await locker.query('insert into queue_pauses (queue) values ($1)', [QUEUE]);
    const pausing = Array.from({ length: 4 }, () => act('pause'));
    await waitForLockWaiters(watcher, 4);
    await locker.query('rollback');
    const paused = await Promise.all(pausing);
    expect(paused.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(
      (await watcher.query('select queue from queue_pauses where queue = $1', [QUEUE])).rows,
    ).toHaveLength(1);
    expect(await audits('queue.pause')).toBe(1);

    // A resume holds the row; four more resumes wait for it, then find nothing left to remove.
    await locker.query('begin');
    await locker.query('select queue from queue_pauses where queue = $1 for update', [QUEUE]);
    const resuming = Array.from({ length: 4 }, () => act('resume'));
    await waitForLockWaiters(watcher, 4);
    await locker.query('rollback');
    const resumed = await Promise.all(resuming);
    expect(resumed.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(
      (await watcher.query('select queue from queue_pauses where queue = $1', [QUEUE])).rows,
    ).toHaveLength(0);
    expect(await audits('queue.resume')).toBe(1);
  });

  it('«Запустить сейчас» clicked five times at once queues one run; the others answer 409', async () => {
    const TASK = 'remove-unattached-uploads';
    // Another click's transaction holds the task's lock: the five requests queue behind it, then race.
    await locker.query('begin');
    await locker.query('select pg_advisory_xact_lock(hashtext($1))', [`schedule.run:${TASK}`]);
    const clicks = Array.from({ length: 5 }, () =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/cron/${TASK}/run`, headers: admin }),
    );
    await waitForLockWaiters(watcher, 5);
    await locker.query('rollback');
    const answers = await Promise.all(clicks);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const { rows } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where data->>'name' = $1 and state < 'completed'`,
      [TASK],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
