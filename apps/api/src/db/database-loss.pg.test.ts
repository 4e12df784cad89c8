import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { openTestDatabase } from '#test/helpers.ts';
import {
  auditJobs,
  auditOrders,
  createOrder,
  orderPayload,
  retryUnanswered,
  runOrderLoadWithKills,
  sleep,
  startApiProcess,
  summarize,
  type ApiProcess,
} from '#test/fault-scenarios.ts';

/**
 * The API as its own process on PostgreSQL while an operator terminates its backends under load
 * (`pg_terminate_backend`): only the api-postgres project runs this file.
 */
describe('the API when its database connections are killed', () => {
  let url: string;
  let name: string;
  let adminUrl: string;
  let drop: () => Promise<void>;
  let api: ApiProcess | undefined;
  let audit: pg.Pool;

  beforeAll(async () => {
    const opening = await openTestDatabase();
    url = opening.url!;
    drop = opening.drop;
    name = new URL(url).pathname.slice(1);
    adminUrl = process.env.TEST_DATABASE_URL!;
    audit = new pg.Pool({ connectionString: url, max: 2 });
    audit.on('error', () => undefined);
    api = await startApiProcess(url);
  });
  afterAll(async () => {
    await api?.stop();
    await audit.end();
    await drop();
  });

  it('stays up, answers 503 fast during the outage, recovers in seconds, loses and doubles nothing', async () => {
    const result = await runOrderLoadWithKills({
      base: api!.base,
      adminUrl,
      database: name,
      durationMs: 8000,
      clients: 4,
      faults: [
        { atMs: 1500, kind: 'kill' },
        { atMs: 3000, kind: 'outage', durationMs: 1500 },
        { atMs: 6000, kind: 'kill' },
      ],
      // Longer than any acceptable answer, so a hang shows up as a slow request rather than a stuck test.
      requestTimeoutMs: 8000,
    });
    const summary = summarize(result);
    console.info(
      `kill under load: ${summary.total} requests, ${summary.ok} ok, ${summary.status503} × 503, ` +
        `slowest ${Math.round(summary.slowest)} ms, recovery ${summary.recoveryMs.map(Math.round).join('/')} ms`,
    );

    expect(api!.alive(), api!.stderr()).toBe(true);
    expect(summary.unexpected, JSON.stringify(summary.unexpected.slice(0, 3))).toEqual([]);
    expect(summary.status5xx).toBe(0);
    expect(summary.status503).toBeGreaterThan(0);
    const unavailable = result.requests.find((request) => request.status === 503)!;
    expect(unavailable).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable });
    expect(summary.slowest).toBeLessThan(3000);
    for (const recovery of summary.recoveryMs) expect(recovery).toBeLessThan(3000);
    expect(summary.ok).toBeGreaterThan(summary.status503);

    // A client repeats an unanswered request with its key: it gets the order, created once.
    const retried = await retryUnanswered(api!.base, result.requests);
    expect(retried.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
    const answers = [...result.requests, ...retried];
    const orders = await auditOrders(audit, answers);
    expect(orders).toEqual({ lost: [], doubled: [], unacknowledged: 0 });

    // Every confirmation mail has exactly one job, and each job completes (retried ones after their delay).
    const orderIds = [...new Set(answers.flatMap((answer) => (answer.orderId ? [answer.orderId] : [])))];
    const jobs = await auditJobs(audit, orderIds, 25_000);
    expect(jobs).toEqual({ orders: orderIds.length, mismatched: [], pending: 0, sentTwice: 0 });
    expect(api!.alive(), api!.stderr()).toBe(true);
  }, 60_000);

  it('on SIGTERM finishes the requests in flight, then exits 0', async () => {
    const payload = await orderPayload(api!.base);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      // New orders wait on this lock: four requests are surely in flight when the signal comes.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE orders IN EXCLUSIVE MODE');
      const inFlight = Array.from({ length: 4 }, (_, index) =>
        createOrder(api!.base, payload, `drain-${Date.now()}-${index}`, 10_000),
      );
      for (let waited = 0; ; waited += 50) {
        const { rows } = await locker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
          [name],
        );
        if (rows[0]!.n >= 4) break;
        if (waited > 10_000) throw new Error('the requests did not reach the database');
        await sleep(50);
      }
      api!.child.kill('SIGTERM');
      await sleep(300);
      // Still draining: it has not exited with requests open.
      expect(api!.alive()).toBe(true);
      await locker.query('COMMIT');
      const answers = await Promise.all(inFlight);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      const exit = await Promise.race([api!.exited, sleep(10_000).then(() => 'still running' as const)]);
      expect(exit).toEqual({ code: 0, signal: null });
    } finally {
      await locker.end();
    }
  }, 30_000);
});
