import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CronQueueInfo, FailedJobGroup, OrderMonitoring, OrderSummary, QueueJob } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitFor } from '#test/wait-for.ts';

describe('cron API, retries, failed groups and the order monitoring view', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx.close());

  const cronInfo = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/cron/info', headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json<{ success: true; data: CronQueueInfo[] }>().data;
  };
  const scheduleCount = async () =>
    Number(
      (
        (await ctx.database.sql.executeSql('select count(*)::int as n from pgboss.schedule')).rows[0] as {
          n: number;
        }
      ).n,
    );

  it('initializes the schedules idempotently, shows them with their next run, and clears them', async () => {
    expect((await cronInfo()).every((queue) => queue.repeatableJobs === 0)).toBe(true);

    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/cron/initialize',
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Периодические задачи инициализированы: 11',
        count: 11,
      });
    }
    expect(await scheduleCount()).toBe(11);

    const info = await cronInfo();
    expect(info.map((queue) => [queue.name, queue.repeatableJobs])).toEqual([
      ['order-processing', 1],
      ['notification-tasks', 2],
      ['sync-tasks', 8],
    ]);
    const sync = info.find((queue) => queue.name === 'sync-tasks')!;
    expect(sync.error).toBeNull();
    const statuses = sync.jobs.find((job) => job.name === 'check-yandex-delivery-statuses')!;
    expect(statuses).toMatchObject({
      id: 'check-yandex-delivery-statuses',
      cron: '*/10 * * * *',
      timezone: 'Europe/Moscow',
    });
    const next = new Date(statuses.next!).getTime();
    expect(next).toBeGreaterThan(Date.now() - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 10 * 60 * 1000);
    expect(new Date(next).getUTCMinutes() % 10).toBe(0);

    // A run that happened shows up as the job's last run with its summary.
    const runId = await ctx.jobs.send(null, 'sync-yandex-pickup-points', {});
    await ctx.jobs.work({
      'sync-yandex-pickup-points': () => ctx.services.pointsSync.syncYandexPickupPoints(),
      'send-payment-reminders': () => ctx.services.orderAutomation.sendPaymentReminders(),
    });
    await waitFor(async () => {
      const job = (await cronInfo())
        .find((queue) => queue.name === 'sync-tasks')!
        .jobs.find((item) => item.name === 'sync-yandex-pickup-points')!;
      return job.lastRunState === 'completed' ? job : undefined;
    }).then((job) => expect(job.lastResult).toBe('Пропущено: Яндекс Доставка не настроена'));
    expect(runId).toBeTruthy();

    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cron/initialize',
      headers: manager,
    });
    expect(forbidden.statusCode).toBe(403);

    const cleared = await ctx.app.inject({ method: 'DELETE', url: '/api/admin/cron/all', headers: admin });
    expect(cleared.json()).toEqual({ success: true, message: 'Периодические задачи удалены: 11', count: 11 });
    expect(await scheduleCount()).toBe(0);
    expect((await cronInfo()).every((queue) => queue.jobs.length === 0)).toBe(true);
  });

  it('groups failed jobs by error, retries one and all failed of a queue, refuses an unknown queue', async () => {
    const failJob = async (orderId: string | null, message: string) => {
      // Straight through pg-boss: a stored job may lack its order, which the typed `jobs.send` refuses.
      const id = await ctx.jobs.boss.send(
        'order-processing',
        { name: 'create-delivery', orderId },
        { retryLimit: 0 },
      );
      await ctx.database.sql.executeSql(
        `update pgboss.job set state = 'failed', completed_on = now(), output = $2::jsonb
          where name = 'order-processing' and id = $1`,
        [id, JSON.stringify({ message })],
      );
      return id!;
    };
    const [order] = (
      await ctx.database.sql.executeSql(`select id, number from orders order by created_at limit 1`)
    ).rows as Array<{ id: string; number: string }>;
    const first = await failJob(order!.id, 'Яндекс Доставка ответила 500');
    const second = await failJob(null, 'Яндекс Доставка ответила 500');
    const third = await failJob(null, 'Нет координат');

    const groupsResponse = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/queue/failed-groups',
      headers: admin,
    });
    const groups = groupsResponse.json<{ data: FailedJobGroup[] }>().data;
    expect(groups[0]).toMatchObject({
      error: 'Яндекс Доставка ответила 500',
      count: 2,
      names: ['create-delivery'],
      orders: [{ orderId: order!.id, orderNumber: Number(order!.number) }],
    });
    expect(groups[0]!.jobIds.sort()).toEqual([first, second].sort());
    expect(groups.find((group) => group.error === 'Нет координат')).toMatchObject({
      count: 1,
      jobIds: [third],
    });

    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/queue/jobs/${first}/retry`,
      headers: admin,
    });
    expect(retried.json()).toEqual({
      success: true,
      message: 'Задача поставлена на повторный запуск',
      retried: 1,
    });
    const notFailed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/queue/jobs/${first}/retry`,
      headers: admin,
    });
    expect(notFailed.statusCode).toBe(409);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/jobs/00000000-0000-4000-8000-000000000000/retry',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Задача не найдена' });

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/order-processing/retry-failed',
      headers: admin,
    });
    expect(all.json()).toEqual({
      success: true,
      message: 'Поставлено на повторный запуск задач: 2',
      retried: 2,
    });
    const states = (
      await ctx.database.sql.executeSql(
        `select state, count(*)::int as n from pgboss.job where id = any($1::uuid[]) group by state`,
        [[first, second, third]],
      )
    ).rows;
    expect(states).toEqual([{ state: 'retry', n: 3 }]);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/queue/payments/retry-failed',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/order-processing, notification-tasks или sync-tasks/);
  });

  it('shows one order with its events and jobs to ADMIN and MANAGER', async () => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Наблюдаемый',
          phoneNumber: '+79160000067',
          email: 'watched@example.ru',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
    await ctx.database.sql.executeSql(
      `insert into order_events (order_id, type, is_success, error, data)
       values ($1, 'email_sent', false, 'SMTP недоступен', '{"attempt": 1}')`,
      [order.id],
    );
    for (const headers of [admin, manager]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/order-monitoring/order/${order.id}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const view = response.json<{ data: OrderMonitoring }>().data;
      expect(view.order).toMatchObject({ id: order.id, number: order.number, status: 'NEW', isPaid: false });
      expect(view.events).toEqual([
        expect.objectContaining({ type: 'email_sent', isSuccess: false, error: 'SMTP недоступен' }),
      ]);
      expect(view.jobs.map((job: QueueJob) => job.name)).toContain('send-email');
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/order-monitoring/order/00000000-0000-4000-8000-000000000000',
      headers: manager,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('cron API: a scheduled run no worker queued', () => {
  // Monday 30 November 2026, 11:07:30 in Moscow; the API's clock, no worker running.
  let now = new Date('2026-11-30T08:07:30Z');
  let ctx: TestContext;
  let admin: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  const missedRuns = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/cron/info', headers: admin });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(
      response
        .json<{ data: CronQueueInfo[] }>()
        .data.flatMap((queue) => queue.jobs)
        .filter((job) => job.missedRunAt !== null)
        .map((job) => [job.name, job.missedRunAt]),
    );
  };

  it('names the last due run of each schedule that was not queued, until a worker queues it', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/admin/cron/initialize', headers: admin });
    // The schedules were set at 10:50 Moscow: the runs of 10:15, 10:20, 10:40 and the night were before that.
    await ctx.database.sql.executeSql(`update pgboss.schedule set updated_on = '2026-11-30T07:50:00Z'`, []);
    const eleven = '2026-11-30T08:00:00.000Z';
    expect(await missedRuns()).toEqual({
      'check-new-paid-orders': eleven,
      'send-payment-reminders': eleven,
      'send-act-exchange-reminders': eleven,
      'check-yandex-delivery-statuses': eleven,
    });

    // A worker checking at 11:00:30 queues the 11:00 runs: nothing is missed any more.
    expect(await ctx.jobs.runSchedules(new Date('2026-11-30T08:00:30Z'))).toBe(4);
    expect(await missedRuns()).toEqual({});

    // Until 11:07:59 the 11:05 run is in its grace; at 11:08 it is missed (every five minutes), the rest were queued.
    now = new Date('2026-11-30T08:07:59Z');
    expect(await missedRuns()).toEqual({});
    now = new Date('2026-11-30T08:08:00Z');
    expect(await missedRuns()).toEqual({ 'check-new-paid-orders': '2026-11-30T08:05:00.000Z' });

    // A run cancelled by an admin was queued all the same: not reported as missed.
    await ctx.jobs.runSchedules(new Date('2026-11-30T08:05:10Z'));
    await ctx.database.sql.executeSql(
      `update pgboss.job set state = 'cancelled', completed_on = now()
        where name = 'order-processing' and data->>'scheduledAt' = '2026-11-30T08:05:00.000Z'`,
      [],
    );
    expect(await missedRuns()).toEqual({});

    // Re-initializing sets the schedules again: runs before that are not expected.
    now = new Date('2026-11-30T08:30:00Z');
    expect(Object.keys(await missedRuns())).toHaveLength(4);
    await ctx.app.inject({ method: 'POST', url: '/api/admin/cron/initialize', headers: admin });
    await ctx.database.sql.executeSql(`update pgboss.schedule set updated_on = '2026-11-30T08:29:00Z'`, []);
    expect(await missedRuns()).toEqual({});
  });
});
