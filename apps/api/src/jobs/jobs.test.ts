import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers.ts';
import type { Database, SqlExecutor } from '../db/client.ts';
import { SEND_STAFF_PUSH_JOB } from '../modules/push/push-staff.service.ts';
import {
  createJobs,
  DEFAULT_JOB_EXPIRY_SECONDS,
  DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  JOB_EXPIRY_SECONDS,
  type Jobs,
} from './jobs.ts';
import { waitFor as poll } from '#test/wait-for.ts';

/** Background work finishes within 15 s here. */
const waitFor = <T>(probe: () => Promise<T | undefined>) => poll(probe, { timeoutMs: 15_000 });

describe('job expiry and workers through database errors (decision 023)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const started: Jobs[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await drop();
  });

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await database.sql.executeSql(text, values)).rows as T[];
  }

  it('gives each job an expiry of its own: a lost job runs again within about two minutes', async () => {
    const jobs = createJobs({ database, supervise: false, schedule: false });
    await jobs.start();
    started.push(jobs);
    const ids = {
      mail: await jobs.send(null, 'notification-tasks', { name: 'send-email', mailId: 'm' }),
      sync: await jobs.send(null, 'sync-tasks', { name: 'sync-yandex-pickup-points' }),
      push: await jobs.send(null, 'notification-tasks', { name: SEND_STAFF_PUSH_JOB, campaignId: 'c' }),
      own: await jobs.send(null, 'order-processing', { name: 'change-status' }, { expireInSeconds: 45 }),
    };
    const expiry = async (id: string | null) =>
      (
        await rows<{ seconds: number }>(
          'select extract(epoch from expire_in)::int as seconds from pgboss.job where id = $1',
          [id],
        )
      )[0]?.seconds;
    expect(await expiry(ids.mail)).toBe(DEFAULT_JOB_EXPIRY_SECONDS);
    expect(await expiry(ids.sync)).toBe(JOB_EXPIRY_SECONDS['sync-yandex-pickup-points']);
    expect(await expiry(ids.push)).toBe(JOB_EXPIRY_SECONDS[SEND_STAFF_PUSH_JOB]);
    expect(await expiry(ids.own)).toBe(45);
    // Expired, then noticed by the supervisor's next maintenance run: well under pg-boss's 15 + 2 minutes.
    expect(DEFAULT_JOB_EXPIRY_SECONDS + DEFAULT_MAINTENANCE_INTERVAL_SECONDS).toBeLessThanOrEqual(120);
    for (const jobs of started.splice(0)) await jobs.stop();
  });

  it('completes a job once when completing it fails while the database is briefly away', async () => {
    let failCompletes = 3;
    const errors: Error[] = [];
    const flaky: SqlExecutor = {
      async executeSql(text, values) {
        if (failCompletes > 0 && text.includes("state = 'completed'") && text.includes('UPDATE')) {
          failCompletes -= 1;
          throw Object.assign(new Error('Connection terminated unexpectedly'), {});
        }
        return database.sql.executeSql(text, values);
      },
    };
    const jobs = createJobs({
      database: { ...database, sql: flaky },
      supervise: false,
      schedule: false,
      pollingIntervalSeconds: 0.2,
      onError: (error) => errors.push(error),
    });
    await jobs.start();
    started.push(jobs);
    const runs: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await jobs.work({
        'count-run': async (data) => {
          runs.push(String(data.tag));
          return { summary: 'done' };
        },
      });
      const id = await jobs.send(null, 'sync-tasks', { name: 'count-run', tag: 'once' });
      const job = await waitFor(async () => {
        const [row] = await rows<{ state: string; output: { summary?: string } }>(
          'select state, output from pgboss.job where id = $1',
          [id],
        );
        return row?.state === 'completed' ? row : undefined;
      });
      expect(job.output).toEqual({ summary: 'done' });
      expect(runs).toEqual(['once']);
      expect(failCompletes).toBe(0);
      // Retried quietly: nothing escaped as an unhandled rejection, nothing needed reporting.
      expect(unhandled).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      for (const jobs of started.splice(0)) await jobs.stop();
    }
  });

  it('stop() lets a running job finish, and fetches nothing after', async () => {
    const jobs = createJobs({ database, supervise: false, schedule: false, pollingIntervalSeconds: 0.2 });
    await jobs.start();
    let release: () => void = () => undefined;
    const runs: string[] = [];
    await jobs.work({
      'slow-run': async (data) => {
        runs.push(String(data.tag));
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const first = await jobs.send(null, 'sync-tasks', { name: 'slow-run', tag: 'first' });
    await waitFor(async () => (runs.length === 1 ? true : undefined));
    await expect(jobs.check()).resolves.toBeUndefined();
    const stopping = jobs.stop({ timeoutMs: 10_000 });
    await expect(jobs.check()).rejects.toThrow();
    await jobs.boss.send('sync-tasks', { name: 'slow-run', tag: 'second' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await stopping;
    const [row] = await rows<{ state: string }>('select state from pgboss.job where id = $1', [first]);
    expect(row!.state).toBe('completed');
    expect(runs).toEqual(['first']);
  });
});
