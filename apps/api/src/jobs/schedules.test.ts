import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '#test/helpers.ts';
import { waitFor } from '#test/wait-for.ts';
import type { Database } from '../db/client.ts';
import { createJobs, scheduledRunId, type JobQueue } from './jobs.ts';
import type { JobRegistry } from './registry.ts';
import { initializeSchedules } from './schedules.ts';

/** A periodic job of these tests only: due every minute, so a worker's first check queues a run. */
const EVERY_MINUTE_JOBS = {
  'every-minute': {
    queue: 'sync-tasks',
    payload: z.object({ scheduledAt: z.string().optional() }),
    schedule: { cron: '* * * * *', description: 'Каждую минуту' },
  },
} as const satisfies JobRegistry;

/**
 * Decision 101: the workers queue the runs of the schedules themselves (`runSchedules`), in Moscow time, each run
 * with an id of its schedule and minute. Several processes at once: workers.pg.test.ts.
 */
describe('scheduled runs', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const started: Array<Pick<JobQueue<JobRegistry>, 'stop'>> = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await drop();
  });

  async function runsOf(minute: string) {
    return (
      await database.sql.executeSql(
        `select name as queue, data->>'name' as job, id, extract(epoch from expire_in)::int as expiry
           from pgboss.job where data->>'scheduledAt' = $1 order by data->>'name'`,
        [minute],
      )
    ).rows as Array<{ queue: string; job: string; id: string; expiry: number }>;
  }

  it('queues the runs due in the Moscow minute, once however often it is asked, and none of a cleared schedule', async () => {
    const jobs = createJobs({ database, supervise: false, schedule: false });
    await jobs.start();
    started.push(jobs);
    expect(await jobs.runSchedules(new Date('2026-11-30T08:00:20Z')), 'no schedule initialized').toBe(0);
    await initializeSchedules(jobs.boss);

    // Monday 30 November 2026, 11:00:20 in Moscow (08:00 UTC): every 5 and 10 minutes, the hourly payment
    // reminder (10:00-20:00) and the weekday act reminder (11:00). The minute before (10:59) has none.
    expect(await jobs.runSchedules(new Date('2026-11-30T08:00:20Z'))).toBe(4);
    const monday = '2026-11-30T08:00:00.000Z';
    expect(await runsOf(monday)).toEqual([
      { queue: 'order-processing', job: 'check-new-paid-orders', id: expect.any(String), expiry: 90 },
      { queue: 'sync-tasks', job: 'check-yandex-delivery-statuses', id: expect.any(String), expiry: 300 },
      {
        queue: 'notification-tasks',
        job: 'send-act-exchange-reminders',
        id: expect.any(String),
        expiry: 300,
      },
      { queue: 'notification-tasks', job: 'send-payment-reminders', id: expect.any(String), expiry: 300 },
    ]);
    expect((await runsOf(monday)).map((run) => run.id)).toEqual(
      (await runsOf(monday)).map((run) => scheduledRunId(run.job, new Date(monday))),
    );
    // Asked again in the same minute, and in the next one (which looks at 11:00 once more): nothing new.
    expect(await jobs.runSchedules(new Date('2026-11-30T08:00:50Z'))).toBe(0);
    expect(await jobs.runSchedules(new Date('2026-11-30T08:01:10Z'))).toBe(0);
    expect(await runsOf(monday)).toHaveLength(4);

    // A check held up into 11:06 still queues 11:05 (every 5 minutes), not 11:00 again.
    expect(await jobs.runSchedules(new Date('2026-11-30T08:06:30Z'))).toBe(1);
    expect((await runsOf('2026-11-30T08:05:00.000Z')).map((run) => run.job)).toEqual([
      'check-new-paid-orders',
    ]);

    // Saturday 5 December, 11:00 in Moscow: no act reminder at the weekend.
    expect(await jobs.runSchedules(new Date('2026-12-05T08:00:05Z'))).toBe(3);
    expect((await runsOf('2026-12-05T08:00:00.000Z')).map((run) => run.job)).toEqual([
      'check-new-paid-orders',
      'check-yandex-delivery-statuses',
      'send-payment-reminders',
    ]);
    // 00:01 in Moscow is 21:01 UTC the day before: the lead scores' day change (and 00:00's two checks).
    expect(await jobs.runSchedules(new Date('2026-12-05T21:01:40Z'))).toBe(3);
    expect((await runsOf('2026-12-05T21:01:00.000Z')).map((run) => run.job)).toEqual([
      'close-lead-score-days',
    ]);

    // A cleared schedule (DELETE /api/admin/cron/all clears them all) queues nothing.
    await jobs.boss.unschedule('check-new-paid-orders');
    expect(await jobs.runSchedules(new Date('2026-12-05T08:05:05Z'))).toBe(0);
  });

  it('a worker checks the schedules as it starts and runs what is due', async () => {
    const jobs = createJobs({
      registry: EVERY_MINUTE_JOBS,
      database,
      supervise: false,
      pollingIntervalSeconds: 0.2,
    });
    await jobs.start();
    started.push(jobs);
    await jobs.boss.schedule('every-minute', '* * * * *', { name: 'every-minute' }, { tz: 'Europe/Moscow' });
    const ran: string[] = [];
    await jobs.work({
      'every-minute': async ({ scheduledAt }) => {
        ran.push(scheduledAt ?? '');
        return { summary: 'ok' };
      },
    });
    // Its first check queues the current minute and the one before (both due every minute), in one call.
    await waitFor(async () => (ran.length >= 2 ? ran : undefined), { timeoutMs: 15_000 });
    const [earlier, later] = ran.map((at) => new Date(at).getTime()).sort();
    expect(later! - earlier!).toBe(60_000);
    expect(later! % 60_000).toBe(0);
    expect(Date.now() - later!).toBeLessThan(2 * 60_000);
    await jobs.stop();
    const runs = (
      await database.sql.executeSql(
        `select count(*)::int as n from pgboss.job where data->>'name' = 'every-minute' and state <> 'completed'`,
        [],
      )
    ).rows as Array<{ n: number }>;
    expect(runs[0]!.n, 'every queued run ran').toBe(0);
  });

  it('a failed check is reported and the worker keeps working', async () => {
    const errors: Error[] = [];
    const jobs = createJobs({
      registry: EVERY_MINUTE_JOBS,
      database,
      supervise: false,
      pollingIntervalSeconds: 0.2,
      onError: (error) => errors.push(error),
    });
    await jobs.start();
    started.push(jobs);
    await database.sql.executeSql('alter table pgboss.schedule rename to schedule_away', []);
    try {
      const ran: string[] = [];
      await jobs.work({
        'every-minute': async ({ scheduledAt }) => {
          ran.push(scheduledAt ?? 'by hand');
          return { summary: 'ok' };
        },
      });
      await waitFor(async () => (errors.length > 0 ? errors : undefined), { timeoutMs: 15_000 });
      expect(errors[0]!.message).toMatch(/schedule/);
      // The same worker still runs what is sent to it.
      await jobs.send(null, 'every-minute', {});
      await waitFor(async () => (ran.includes('by hand') ? ran : undefined), { timeoutMs: 15_000 });
      expect(ran).toEqual(['by hand']);
    } finally {
      await jobs.stop();
      await database.sql.executeSql('alter table pgboss.schedule_away rename to schedule', []);
    }
  });
});
