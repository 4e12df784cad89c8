import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_BULK_MAX,
  type JobBulkResponse,
  type JobDetail,
  type JobListResponse,
  type QueueState,
  type Throughput,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitFor } from '#test/wait-for.ts';

type Headers = { authorization: string };
const QUEUE = 'notification-tasks';

/** Runs SQL on the test database (setup only: states pg-boss reaches slowly, decision 032). */
const sql = async <T>(ctx: TestContext, text: string, values: unknown[] = []) =>
  (await ctx.database.sql.executeSql(text, values)).rows as T[];

/** Marks queued jobs as picked up by a worker, as `fetch` would without taking the other queued jobs. */
const activate = (ctx: TestContext, ids: string[]) =>
  sql(ctx, `update pgboss.job set state = 'active', started_on = now() where id = any($1::uuid[])`, [ids]);

describe('queues: job detail, lists, bulk actions, charts, run now (no workers)', () => {
  let ctx: TestContext;
  let admin: Headers;
  let manager: Headers;
  let order: { id: string; number: number };

  const send = async (orderId: string | null = null, retryLimit = 0) =>
    (await ctx.jobs.send(null, 'send-push', { notificationId: 'n-1', orderId }, { retryLimit }))!;
  const detail = async (id: string, headers: Headers = admin) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/queue/job/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: JobDetail }>().data;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    const [row] = await sql<{ id: string; number: string }>(
      ctx,
      `select id::text as id, number from orders where deleted_at is null order by number limit 1`,
    );
    order = { id: row!.id, number: Number(row!.number) };
  });
  afterAll(() => ctx.close());

  it('shows one job in every state with data, result or error with stack, attempts and timings', async () => {
    const created = await ctx.jobs.send(
      null,
      'send-email',
      { mailId: 'm-1', orderId: order.id },
      { singletonKey: `mail-${order.id}`, retryLimit: 3 },
    );
    const retrying = await send(order.id, 3);
    const active = await send();
    const completed = await send();
    const failed = await send(order.id);
    const cancelled = await send();
    const archived = await send();
    await activate(ctx, [active, completed, archived]);
    await ctx.jobs.boss.complete(QUEUE, completed, { summary: 'Отправлено: 1' });
    await ctx.jobs.boss.complete(QUEUE, archived, { summary: 'Отправлено: 2' });
    await ctx.jobs.boss.fail(QUEUE, retrying, new Error('push service answered 503'));
    await ctx.jobs.boss.fail(QUEUE, failed, new Error('subscription gone'));
    await ctx.jobs.boss.cancel(QUEUE, cancelled);
    // What pg-boss's maintenance does after archiveCompletedAfterSeconds.
    await sql(
      ctx,
      `with moved as (delete from pgboss.job where id = $1 returning *)
       insert into pgboss.archive (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
         retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on,
         keep_until, output, dead_letter, policy)
       select id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
         started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, output,
         dead_letter, policy from moved`,
      [archived],
    );

    const first = await detail(created!);
    expect(first).toMatchObject({
      state: 'created',
      name: 'send-email',
      title: 'Отправка письма',
      queue: QUEUE,
      data: { mailId: 'm-1', orderId: order.id },
      singletonKey: `mail-${order.id}`,
      retryCount: 0,
      retryLimit: 3,
      startedOn: null,
      completedOn: null,
      result: null,
      error: null,
      orderId: order.id,
      orderNumber: order.number,
      isArchived: false,
    });
    expect(Date.parse(first.keepUntil)).toBeGreaterThan(Date.parse(first.createdOn));
    expect(first.startAfter).toBeTruthy();

    const retry = await detail(retrying);
    // pg-boss counts a retry when it starts: failed once, waiting for its first retry.
    expect(retry).toMatchObject({
      state: 'retry',
      title: 'Отправка push-уведомления',
      retryCount: 0,
      retryLimit: 3,
    });
    expect(retry.error?.message).toBe('push service answered 503');

    expect(await detail(active)).toMatchObject({ state: 'active', completedOn: null, error: null });
    expect((await detail(active)).startedOn).not.toBeNull();

    const done = await detail(completed);
    expect(done).toMatchObject({ state: 'completed', result: { summary: 'Отправлено: 1' }, error: null });
    expect(done.completedOn).not.toBeNull();

    const failure = await detail(failed);
    expect(failure).toMatchObject({ state: 'failed', retryCount: 0, retryLimit: 0, result: null });
    expect(failure.error?.message).toBe('subscription gone');
    expect(failure.error?.stack).toMatch(/Error: subscription gone\n\s+at /);

    expect(await detail(cancelled)).toMatchObject({ state: 'cancelled', error: null, result: null });

    const old = await detail(archived);
    expect(old).toMatchObject({ state: 'completed', isArchived: true, result: { summary: 'Отправлено: 2' } });
    expect(old.archivedOn).not.toBeNull();

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/queue/job/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Задача не найдена');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/queue/job/1', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('shows e-mails and phones in a job only to ADMIN; a MANAGER sees them masked', async () => {
    const id = await send(order.id);
    await ctx.jobs.boss.fail(
      QUEUE,
      id,
      new Error('550 mailbox ivan.petrov@example.ru unavailable, call +79161234567'),
    );
    const full = await detail(id, admin);
    expect(full.isMasked).toBe(false);
    expect(full.error?.message).toContain('ivan.petrov@example.ru');
    expect(full.error?.message).toContain('+79161234567');
    const masked = await detail(id, manager);
    expect(masked.isMasked).toBe(true);
    expect(JSON.stringify(masked)).not.toContain('ivan.petrov@example.ru');
    expect(JSON.stringify(masked)).not.toContain('79161234567');
    expect(masked.error?.message).toContain('i•••@example.ru');
    expect(masked.error?.message).toContain('+7•••••••67');
    expect(masked.data).toMatchObject({ orderId: order.id });
  });

  it('pages a list beyond the newest 100 and filters it by name and by order number', async () => {
    const mine: string[] = [];
    for (let index = 0; index < 130; index += 1) mine.push(await send(order.id));
    await ctx.jobs.send(null, 'send-email', { mailId: 'other', orderId: order.id });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `name=send-push&order=${encodeURIComponent(`№${order.number}`)}&size=50${
        cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      }`;
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/queue/jobs?${query}`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<JobListResponse>();
      expect(page.data.length).toBeLessThanOrEqual(50);
      expect(page.data.every((job) => job.name === 'send-push' && job.data.orderId === order.id)).toBe(true);
      seen.push(...page.data.map((job) => job.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of mine) expect(seen).toContain(id);
    expect(pages).toBeGreaterThanOrEqual(3);

    const byId = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/queue/jobs?order=${order.id}&name=send-email&size=100`,
      headers: admin,
    });
    expect(byId.json<JobListResponse>().data.some((job) => job.data.mailId === 'other')).toBe(true);
    const nobody = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/queue/jobs?order=999999999',
      headers: admin,
    });
    expect(nobody.json<JobListResponse>()).toMatchObject({ data: [], nextCursor: null });

    for (const url of [
      '/api/admin/queue/jobs?size=101',
      '/api/admin/queue/jobs?size=0',
      '/api/admin/queue/jobs?name=unknown-job',
      '/api/admin/queue/jobs?state=stuck',
      '/api/admin/queue/jobs?cursor=nonsense',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[а-яё]/i);
    }
  });

  it('retries and cancels in bulk, bounded, reporting how many changed', async () => {
    const failedIds = [await send(), await send(), await send()];
    for (const id of failedIds) await ctx.jobs.boss.fail(QUEUE, id, new Error('boom'));
    const done = await send();
    await activate(ctx, [done]);
    await ctx.jobs.boss.complete(QUEUE, done);

    const retry = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/queue/jobs/retry', headers: admin, payload });
    const first = await retry({ ids: [...failedIds, done] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<JobBulkResponse>()).toMatchObject({ requested: 4, changed: 3 });
    expect((await detail(failedIds[0]!)).state).toBe('retry');
    expect((await retry({ ids: failedIds })).json<JobBulkResponse>()).toMatchObject({
      requested: 3,
      changed: 0,
    });

    const waiting = [await send(), await send()];
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/jobs/cancel',
      headers: admin,
      payload: { ids: [...waiting, done] },
    });
    expect(cancel.json<JobBulkResponse>()).toMatchObject({
      requested: 3,
      changed: 2,
      message: 'Отменено задач: 2',
    });
    expect((await detail(waiting[1]!)).state).toBe('cancelled');

    const again = [await send(), await send()];
    for (const id of again) await ctx.jobs.boss.fail(QUEUE, id, new Error('boom'));
    const all = await retry({ queue: QUEUE, allFailed: true });
    expect(all.json<JobBulkResponse>().changed).toBeGreaterThanOrEqual(2);
    expect((await detail(again[0]!)).state).toBe('retry');
    const [audit] = await sql<{ count: number }>(
      ctx,
      `select count(*)::int as count from audit_log where action in ('job.retry', 'job.cancel')`,
    );
    expect(audit!.count).toBeGreaterThanOrEqual(4);

    const tooMany = await retry({
      ids: Array.from({ length: JOB_BULK_MAX + 1 }, () => '00000000-0000-4000-8000-000000000000'),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toContain(`не больше ${JOB_BULK_MAX}`);
    const empty = await retry({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('Выберите задачи или очередь');
  });

  it('counts completed and failed jobs per hour and per day, with empty buckets as zero', async () => {
    const hourAgo = await send();
    const twoHoursAgo = await send();
    const threeDaysAgo = await send();
    await activate(ctx, [hourAgo, twoHoursAgo, threeDaysAgo]);
    await ctx.jobs.boss.complete(QUEUE, hourAgo);
    await ctx.jobs.boss.fail(QUEUE, twoHoursAgo, new Error('x'));
    await ctx.jobs.boss.complete(QUEUE, threeDaysAgo);
    await sql(ctx, `update pgboss.job set completed_on = now() - interval '1 hour' where id = $1`, [hourAgo]);
    await sql(ctx, `update pgboss.job set completed_on = now() - interval '2 hours' where id = $1`, [
      twoHoursAgo,
    ]);
    await sql(ctx, `update pgboss.job set completed_on = now() - interval '3 days' where id = $1`, [
      threeDaysAgo,
    ]);

    const read = async (range: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/queue/throughput?range=${range}`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Throughput }>().data;
    };
    const day = await read('24h');
    expect(day.buckets).toHaveLength(24);
    const hourStart = (ago: number) => {
      const at = new Date(Date.now() - ago * 3600_000);
      at.setUTCMinutes(0, 0, 0);
      return at.toISOString();
    };
    const bucket = (at: string) => day.buckets.find((item) => item.at === at)!;
    expect(bucket(hourStart(1)).completed).toBeGreaterThanOrEqual(1);
    expect(bucket(hourStart(2)).failed).toBeGreaterThanOrEqual(1);
    expect(bucket(hourStart(5))).toMatchObject({ completed: 0, failed: 0 });
    expect(day.buckets.map((item) => item.at)).toEqual([...day.buckets.map((item) => item.at)].sort());

    const week = await read('7d');
    expect(week.buckets).toHaveLength(7);
    // Moscow midnights (21:00 UTC), one day apart.
    expect(week.buckets.every((item) => item.at.endsWith('T21:00:00.000Z'))).toBe(true);
    const total = week.buckets.reduce((sum, item) => sum + item.completed, 0);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(week.buckets.some((item) => item.completed === 0 && item.failed === 0)).toBe(true);

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/queue/throughput?range=1y',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('runs a periodic task now: one job of that schedule, audited', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cron/remove-unattached-uploads/run',
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { jobId, message } = response.json<{ jobId: string; message: string }>();
    expect(message).toBe('Задача «Удаление файлов без заказа» поставлена в очередь');
    const job = await detail(jobId);
    expect(job).toMatchObject({ name: 'remove-unattached-uploads', queue: 'sync-tasks', state: 'created' });
    const [audit] = await sql<{ action: string; data: { name: string } }>(
      ctx,
      `select action, data from audit_log where entity_id = $1`,
      [jobId],
    );
    expect(audit).toMatchObject({ action: 'schedule.run', data: { name: 'remove-unattached-uploads' } });

    // While that run waits (no workers here), another click queues nothing and says why.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cron/remove-unattached-uploads/run',
      headers: admin,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Задача «Удаление файлов без заказа» уже ждёт запуска или выполняется: дождитесь, пока она завершится',
    );
    const waiting = await sql<{ n: number }>(
      ctx,
      `select count(*)::int as n from pgboss.job where data->>'name' = 'remove-unattached-uploads' and state < 'completed'`,
    );
    expect(waiting[0]!.n).toBe(1);
    // Once it is over (here: cancelled), the task can be run again.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/queue/jobs/cancel`,
      headers: admin,
      payload: { ids: [jobId] },
    });
    expect((await detail(jobId)).state).toBe('cancelled');
    const afterwards = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cron/remove-unattached-uploads/run',
      headers: admin,
    });
    expect(afterwards.statusCode, afterwards.body).toBe(200);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cron/send-email/run',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('queues: pause and resume (workers running)', () => {
  let ctx: TestContext;
  let admin: Headers;

  beforeAll(async () => {
    ctx = await createTestContext({ workers: true });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  const stateOf = async (id: string) =>
    (await ctx.database.sql.executeSql('select state::text as state from pgboss.job where id = $1', [id]))
      .rows[0] as { state: string };

  it('a paused queue keeps its jobs waiting until it is resumed; other queues keep running', async () => {
    const pause = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/notification-tasks/pause',
      headers: admin,
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json<{ queue: QueueState }>().queue).toMatchObject({
      name: 'notification-tasks',
      isPaused: true,
      pausedBy: DEMO.admin[0],
    });
    const states = await ctx.app.inject({ method: 'GET', url: '/api/admin/queue/queues', headers: admin });
    const paused = states.json<{ data: QueueState[] }>().data;
    expect(paused.find((queue) => queue.name === 'notification-tasks')?.isPaused).toBe(true);
    expect(paused.find((queue) => queue.name === 'sync-tasks')?.isPaused).toBe(false);

    const held = (await ctx.jobs.send(null, 'send-push', { notificationId: 'n-paused', orderId: null }))!;
    const other = (await ctx.jobs.send(null, 'remove-unattached-uploads', {}))!;
    // The other queue's job runs: the workers are polling, so the paused one was skipped, not missed.
    await waitFor(async () => ((await stateOf(other)).state === 'completed' ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await stateOf(held)).state).toBe('created');

    const resume = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/notification-tasks/resume',
      headers: admin,
    });
    expect(resume.json<{ queue: QueueState; message: string }>()).toMatchObject({
      queue: { isPaused: false, pausedAt: null },
      message: 'Очередь «Уведомления» возобновлена',
    });
    await waitFor(async () => ((await stateOf(held)).state !== 'created' ? true : undefined));

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/nope/pause',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(400);
  });
});
