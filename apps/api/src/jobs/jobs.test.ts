import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers.ts';
import type { Database, SqlExecutor } from '../db/client.ts';
import { z } from 'zod';
import { SEND_STAFF_PUSH_JOB } from '../modules/push/push-staff.service.ts';
import {
  createJobs,
  DEFAULT_JOB_EXPIRY_SECONDS,
  DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
  JOB_EXPIRY_SECONDS,
  type Jobs,
} from './jobs.ts';
import type { JobRegistry } from './registry.ts';
import { waitFor as poll } from '#test/wait-for.ts';

/** Background work finishes within 15 s here. */
const waitFor = <T>(probe: () => Promise<T | undefined>) => poll(probe, { timeoutMs: 15_000 });

/** Jobs of these tests only: the engine runs whatever registry it is given. */
const TEST_JOBS = {
  'count-run': { queue: 'sync-tasks', payload: z.object({ tag: z.string() }) },
  'slow-run': { queue: 'sync-tasks', payload: z.object({ tag: z.string() }) },
} as const satisfies JobRegistry;

describe('job expiry and workers through database errors (decision 023)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const started: Array<Pick<Jobs, 'stop'>> = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await drop();
  });

  /** A queue of TEST_JOBS polling every 0.2 s, without supervisor or schedules. */
  const testJobs = (options: Partial<Parameters<typeof createJobs<typeof TEST_JOBS>>[0]> = {}) =>
    createJobs({
      registry: TEST_JOBS,
      database,
      supervise: false,
      schedule: false,
      pollingIntervalSeconds: 0.2,
      ...options,
    });

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await database.sql.executeSql(text, values)).rows as T[];
  }

  it('gives each job an expiry of its own: a lost job runs again within about two minutes', async () => {
    const jobs = createJobs({ database, supervise: false, schedule: false });
    await jobs.start();
    started.push(jobs);
    const ids = {
      mail: await jobs.send(null, 'send-email', { mailId: 'm' }),
      sync: await jobs.send(null, 'sync-yandex-pickup-points', {}),
      push: await jobs.send(null, SEND_STAFF_PUSH_JOB, { campaignId: 'c' }),
      own: await jobs.send(
        null,
        'change-status',
        { orderId: 'o', from: 'DELIVERING', to: 'COMPLETED' },
        { expireInSeconds: 45 },
      ),
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

  it('completes the jobs of a batch that succeeded without an output in one statement (issue 15)', async () => {
    const completes: unknown[][] = [];
    const counting: SqlExecutor = {
      async executeSql(text, values) {
        if (text.includes("state = 'completed'") && text.includes('UPDATE')) completes.push(values ?? []);
        return database.sql.executeSql(text, values);
      },
    };
    const jobs = testJobs({
      database: { ...database, sql: counting },
      retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    });
    await jobs.start();
    started.push(jobs);
    try {
      // Queued before the worker starts: its first poll fetches all six in one batch.
      const tags = ['plain-1', 'plain-2', 'plain-3', 'plain-4', 'output', 'bad'];
      const ids = new Map<string, string | null>();
      for (const tag of tags) ids.set(tag, await jobs.send(null, 'count-run', { tag }));
      await jobs.work({
        'count-run': async (data) => {
          if (data.tag === 'bad') throw new Error('Сбой обработчика');
          return data.tag === 'output' ? { summary: 'готово' } : undefined;
        },
      });
      const settled = await waitFor(async () => {
        const found = await rows<{ id: string; state: string; output: unknown }>(
          `select id, state, output from pgboss.job where id = any($1::uuid[]) and state in ('completed', 'failed')`,
          [[...ids.values()]],
        );
        return found.length === tags.length ? found : undefined;
      });
      const byTag = (tag: string) => settled.find((row) => row.id === ids.get(tag))!;
      for (const tag of ['plain-1', 'plain-2', 'plain-3', 'plain-4'])
        expect(byTag(tag).state).toBe('completed');
      expect(byTag('output')).toMatchObject({ state: 'completed', output: { summary: 'готово' } });
      expect(byTag('bad').state).toBe('failed');
      // One statement completed the four plain jobs, one the job with its output; the failure is pg-boss's fail.
      expect(completes.map((values) => (values[1] as string[]).length).sort()).toEqual([1, 4]);
    } finally {
      for (const jobs of started.splice(0)) await jobs.stop();
    }
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
    const jobs = testJobs({ database: { ...database, sql: flaky }, onError: (error) => errors.push(error) });
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
      const id = await jobs.send(null, 'count-run', { tag: 'once' });
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

  it('fails a job with an unknown name or a malformed payload with a clear error, and keeps working', async () => {
    const errors: Error[] = [];
    const jobs = testJobs({
      retry: { retryLimit: 0, retryDelay: 1, retryBackoff: false },
      onError: (error) => errors.push(error),
    });
    await jobs.start();
    started.push(jobs);
    try {
      const runs: string[] = [];
      await jobs.work({
        'count-run': async (data) => {
          runs.push(data.tag);
          return { summary: 'done' };
        },
      });
      // What the types refuse (a stored job of another version, a hand-made row) still reaches the worker.
      const malformed = await jobs.boss.send('sync-tasks', { name: 'count-run', tag: 42 }, { retryLimit: 0 });
      const unknown = await jobs.boss.send(
        'sync-tasks',
        { name: 'no-such-job', tag: 'x' },
        { retryLimit: 0 },
      );
      const good = await jobs.send(null, 'count-run', { tag: 'good' });
      const settled = (id: string | null) =>
        waitFor(async () => {
          const [row] = await rows<{ state: string; output: { message?: string } }>(
            'select state, output from pgboss.job where id = $1',
            [id],
          );
          return row && ['completed', 'failed'].includes(row.state) ? row : undefined;
        });
      const [bad, missing, ok] = [await settled(malformed), await settled(unknown), await settled(good)];
      expect(bad.state).toBe('failed');
      expect(bad.output.message).toMatch(
        new RegExp(`^Invalid payload for job "count-run" \\(${malformed}\\): tag: .+`),
      );
      expect(missing.state).toBe('failed');
      expect(missing.output.message).toBe('No handler for job "no-such-job" in queue sync-tasks');
      expect(ok.state).toBe('completed');
      expect(runs).toEqual(['good']);
      expect(errors.map((error) => error.message)).toEqual([bad.output.message]);
    } finally {
      for (const item of started.splice(0)) await item.stop();
    }
  });

  it('refuses an unknown job name or a wrong payload at compile time', () => {
    const typed = createJobs({ database, supervise: false, schedule: false });
    const send = (check: () => unknown) => expect(check).toBeTypeOf('function');
    const wrongStatus = { orderId: 'o', from: 'DELIVERING', to: 'DONE' } as const;
    // @ts-expect-error: no such job
    send(() => typed.send(null, 'create-deliveries', { orderId: 'o' }));
    // @ts-expect-error: create-delivery needs an order id
    send(() => typed.send(null, 'create-delivery', {}));
    // @ts-expect-error: a status outside ORDER_STATUSES
    send(() => typed.send(null, 'change-status', wrongStatus));
    send(() => typed.send(null, 'create-delivery', { orderId: 'o' }));
  });

  it('stop() lets a running job finish, and fetches nothing after', async () => {
    const jobs = testJobs();
    await jobs.start();
    let release: () => void = () => undefined;
    const runs: string[] = [];
    await jobs.work({
      'slow-run': async (data) => {
        runs.push(String(data.tag));
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const first = await jobs.send(null, 'slow-run', { tag: 'first' });
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
