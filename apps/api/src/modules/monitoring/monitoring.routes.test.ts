import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringDashboard, OrderSummary, QueueInfo, QueueJob } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitFor } from '#test/wait-for.ts';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('queue and order monitoring (SMTP down)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let order: OrderSummary;

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
      workers: true,
      retry: { retryLimit: 50, retryDelay: 1, retryBackoff: false },
    });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Мониторинг',
          phoneNumber: '+79160000066',
          email: 'monitor@example.ru',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
  });
  afterAll(() => ctx.close());

  it('records each failed e-mail attempt as an order event and lists the order as problematic', async () => {
    const dashboard = await waitFor(async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/order-monitoring/dashboard',
        headers: manager,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      const data = response.json<{ data: MonitoringDashboard }>().data;
      const problem = data.problematicOrders.find((item) => item.orderId === order.id);
      return problem && problem.errorCount >= 2 ? data : undefined;
    });
    const problem = dashboard.problematicOrders.find((item) => item.orderId === order.id)!;
    expect(problem.orderNumber).toBe(order.number);
    expect(problem.lastError).toMatch(/ECONNREFUSED|connect/i);
    const emails = dashboard.eventStats.find((stat) => stat.eventType === 'email_sent')!;
    expect(emails.successful).toBe(0);
    expect(emails.total).toBeGreaterThanOrEqual(2);
    expect(dashboard.orderStats.unpaid).toBeGreaterThan(0);
  });

  it('shows the queue counts and the jobs of the order with the spec fields, and cancels them', async () => {
    const info = await ctx.app.inject({ method: 'GET', url: '/api/admin/queue/info', headers: admin });
    const counts = info.json<{ data: QueueInfo }>().data;
    expect(counts.isConnected).toBe(true);
    expect(counts.waiting + counts.delayed + counts.active).toBeGreaterThan(0);

    const jobs = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/queue/order/${order.id}`,
      headers: admin,
    });
    const job = jobs.json<{ data: QueueJob[] }>().data.find((item) => item.name === 'send-email')!;
    expect(job).toMatchObject({ queue: 'notification-tasks', data: { orderId: order.id } });
    expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(typeof job.timestamp).toBe('number');
    expect(job.opts).toHaveProperty('delay');

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/queue/jobs/stuck', headers: admin });
    expect(bad.statusCode).toBe(400);
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/admin/queue/info', headers: manager });
    expect(forbidden.statusCode).toBe(403);

    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/queue/order/${order.id}`,
      headers: admin,
    });
    expect(cancelled.json<{ cancelled: number }>().cancelled).toBeGreaterThanOrEqual(1);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/queue/order/${order.id}`,
      headers: admin,
    });
    expect(
      after
        .json<{ data: QueueJob[] }>()
        .data.every((item) => item.state === 'cancelled' || item.state === 'completed'),
    ).toBe(true);
  });
});
