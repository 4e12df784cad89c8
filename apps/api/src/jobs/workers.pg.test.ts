import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers.ts';
import { startFakeYandexDelivery } from '#test/fakes/yandex-delivery.ts';
import { loadConfig } from '../config.ts';
import { createJobHandlers, createServices } from '../container.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { outboxTransport } from '../providers/mail.ts';
import { z } from 'zod';
import { createJobs, type JobQueue } from './jobs.ts';
import { JOBS, type AppJobs, type JobRegistry } from './registry.ts';
import { initializeSchedules, schedulesOf } from './schedules.ts';
import { waitFor as poll } from '#test/wait-for.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const TOKEN = 'yandex-kill-test-token';
const FAST_RETRY = { retryLimit: 3, retryDelay: 1, retryBackoff: false };
/** The job of the two-workers test only: the engine runs whatever registry it is given. */
const COUNT_RUN_JOBS = {
  'count-run': { queue: 'sync-tasks', payload: z.object({ seq: z.number() }) },
} as const satisfies JobRegistry;

async function rows<T>(database: Database, text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.sql.executeSql(text, values)).rows as T[];
}

/** Background work finishes within 60 s here. */
const waitFor = <T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000) =>
  poll(probe, { timeoutMs, intervalMs: 250 });

/**
 * Several processes on one PostgreSQL: these need a real server, so only the api-postgres project runs this file
 * (vitest.config.ts; CI sets TEST_DATABASE_URL).
 */
describe('job workers on PostgreSQL', () => {
  let url: string;
  let database: Database;
  let drop: () => Promise<void>;
  const opened: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    const opening = await openTestDatabase();
    url = opening.url!;
    database = opening.database;
    drop = opening.drop;
  });
  afterAll(async () => {
    for (const item of opened.reverse()) await item.stop();
    await drop();
  });

  async function startJobs<R extends JobRegistry = AppJobs>(
    options: Parameters<typeof createJobs<R>>[0],
  ): Promise<JobQueue<R>> {
    const jobs = createJobs<R>(options);
    await jobs.start();
    opened.push(jobs);
    return jobs;
  }

  it('a worker killed during create-delivery: the job runs again elsewhere and the delivery is made once', async () => {
    const yandex = await startFakeYandexDelivery({ token: TOKEN });
    opened.push({ stop: () => yandex.close() });
    const env = { YANDEX_DELIVERY_TOKEN: TOKEN, YANDEX_DELIVERY_API_URL: yandex.apiUrl };
    const [order] = await rows<{ id: string }>(
      database,
      `update orders set is_paid = true, status = 'PAID', external_delivery_id = null,
              delivery_data = '{"coordinates": [55.75, 37.59]}'
        where id = (select id from orders where delivery_type = 'COURIER' and deleted_at is null limit 1)
        returning id`,
    );
    expect(order).toBeDefined();

    // A short expiry stands for "the worker stopped answering": the supervisor hands the job out again.
    const sender = await startJobs({
      database,
      supervise: false,
      schedule: false,
      expireInSeconds: 4,
      retry: FAST_RETRY,
    });
    const jobId = await sender.send(null, 'create-delivery', { orderId: order!.id });
    const release = yandex.holdCreates();

    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '4',
        CRON_AUTO_INITIALIZE: 'false',
        JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
        ...env,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    try {
      // The child took the job and is waiting for the provider's answer: kill it mid-job.
      await waitFor(async () => (yandex.claimCreations().length === 1 ? true : undefined));
      const [active] = await rows<{ state: string }>(database, 'select state from pgboss.job where id = $1', [
        jobId,
      ]);
      expect(active!.state).toBe('active');
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    // The provider did create the claim; only its answer was lost with the process.
    release();

    const survivorDb = await openPostgres(url, { max: 4 });
    opened.push({ stop: () => survivorDb.close() });
    const survivor = await startJobs({
      database: survivorDb,
      schedule: false,
      maintenanceIntervalSeconds: 1,
      pollingIntervalSeconds: 0.5,
      retry: FAST_RETRY,
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, ...env });
    const services = createServices({
      config,
      database: survivorDb,
      jobs: survivor,
      mailTransport: outboxTransport,
      clock: systemClock,
    });
    await survivor.work(createJobHandlers(services));

    const [job] = await waitFor(async () => {
      const found = await rows<{ state: string; retry_count: number }>(
        database,
        'select state, retry_count from pgboss.job where id = $1',
        [jobId],
      );
      return found[0]?.state === 'completed' ? found : undefined;
    });
    // Its workers poll every queue: they must not compete with (and fail) the next test's jobs.
    await survivor.stop();
    expect(job!.retry_count).toBeGreaterThanOrEqual(1);
    expect(yandex.claims.size).toBe(1);
    const claim = [...yandex.claims.values()][0]!;
    const [stored] = await rows<{ external_delivery_id: string }>(
      database,
      'select external_delivery_id from orders where id = $1',
      [order!.id],
    );
    expect(stored!.external_delivery_id).toBe(claim.id);
    const successes = await rows<{ n: number }>(
      database,
      `select count(*)::int as n from order_events where order_id = $1 and type = 'delivery_created' and is_success`,
      [order!.id],
    );
    expect(successes).toEqual([{ n: 1 }]);
  });

  it(
    'two workers with their own connections process 500 jobs, none twice',
    { timeout: 120_000 },
    async () => {
      const runTag = randomUUID();
      // Both workers hold a job before either runs one: a worker that fetched a full batch fetches again at once,
      // so without this one of them could drain all 500 before the other's first poll (seen on a slow host: every
      // job by B). The barrier opens after a minute whatever happens, and then the assertions below say who was
      // missing.
      const arrived = new Set<string>();
      let openBarrier!: () => void;
      const barrier = new Promise<void>((resolve) => (openBarrier = resolve));
      const barrierTimeout = setTimeout(() => openBarrier(), 60_000);
      opened.push({ stop: async () => clearTimeout(barrierTimeout) });
      const workers = await Promise.all(
        ['A', 'B'].map(async (label) => {
          const own = await openPostgres(url, { max: 4 });
          opened.push({ stop: () => own.close() });
          const jobs = await startJobs({
            registry: COUNT_RUN_JOBS,
            database: own,
            supervise: false,
            schedule: false,
            pollingIntervalSeconds: 0.5,
            batchSize: 25,
            retry: FAST_RETRY,
          });
          await jobs.work({
            'count-run': async (data) => {
              arrived.add(label);
              if (arrived.size === 2) openBarrier();
              await barrier;
              await own.sql.executeSql(
                `insert into order_events (order_id, type, is_success, data) values ($1, 'test_run', true, $2::jsonb)`,
                [runTag, JSON.stringify({ seq: data.seq, worker: label })],
              );
            },
          });
          return jobs;
        }),
      );
      const started = Date.now();
      await workers[0]!.boss.insert(
        Array.from({ length: 500 }, (_, seq) => ({ name: 'sync-tasks', data: { name: 'count-run', seq } })),
      );

      const done = await waitFor(async () => {
        const [row] = await rows<{ n: number }>(
          database,
          `select count(*)::int as n from pgboss.job where name = 'sync-tasks' and data->>'name' = 'count-run'
           and state = 'completed'`,
        );
        return row!.n === 500 ? row : undefined;
      }, 90_000);
      expect(done.n).toBe(500);
      console.info(`500 jobs on two workers: ${Date.now() - started} ms`);
      const [runs] = await rows<{ total: number; distinct_seq: number; by_a: number; by_b: number }>(
        database,
        `select count(*)::int as total, count(distinct data->>'seq')::int as distinct_seq,
              count(*) filter (where data->>'worker' = 'A')::int as by_a,
              count(*) filter (where data->>'worker' = 'B')::int as by_b
         from order_events where order_id = $1`,
        [runTag],
      );
      expect(runs).toMatchObject({ total: 500, distinct_seq: 500 });
      const [failed] = await rows<{ n: number }>(
        database,
        `select count(*)::int as n from pgboss.job where name = 'sync-tasks' and retry_count > 0`,
      );
      expect(failed!.n).toBe(0);
      // Both workers took part (the point of the test is that they competed for the same jobs).
      expect(runs!.by_a).toBeGreaterThan(0);
      expect(runs!.by_b).toBeGreaterThan(0);
    },
  );

  it('several processes initializing schedules at once create each schedule once, and queue each run once', async () => {
    const instances = await Promise.all(
      [1, 2, 3].map(async () => {
        const own = await openPostgres(url, { max: 2 });
        opened.push({ stop: () => own.close() });
        return startJobs({ database: own, supervise: false, schedule: false });
      }),
    );
    await Promise.all(instances.map((jobs) => initializeSchedules(jobs.boss)));
    const [count] = await rows<{ n: number }>(database, 'select count(*)::int as n from pgboss.schedule');
    // Every periodic job of the registry, once.
    expect(count!.n).toBe(schedulesOf(JOBS).length);

    // Decision 101: each of them checks the schedules at the same moment (Monday 11:00 in Moscow: four runs due),
    // twice over; each run is queued once, by whichever insert came first.
    const checks = await Promise.all(
      [...instances, ...instances].map((jobs) => jobs.runSchedules(new Date('2026-11-30T08:00:30Z'))),
    );
    expect(checks.reduce((sum, queued) => sum + queued, 0)).toBe(4);
    const runs = await rows<{ job: string; n: number }>(
      database,
      `select data->>'name' as job, count(*)::int as n from pgboss.job
        where data->>'scheduledAt' = '2026-11-30T08:00:00.000Z' group by 1 order by 1`,
    );
    expect(runs).toEqual([
      { job: 'check-new-paid-orders', n: 1 },
      { job: 'check-yandex-delivery-statuses', n: 1 },
      { job: 'send-act-exchange-reminders', n: 1 },
      { job: 'send-payment-reminders', n: 1 },
    ]);
  });
});
