import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { waitFor } from '#test/wait-for.ts';

type Params = { documents: Array<{ id: string }>; deliveries: Array<{ id: string; type: string }> };
type JobRow = { id: string; state: string };

/**
 * Issue 17: a leftover auto-complete job of an order already completed sat in «Отложены» until cancelled by hand.
 * Leaving DELIVERING by any path cancels it in the same transaction (decision 045); real pg-boss on PGlite.
 */
describe('the scheduled completion of a delivering order', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let params: Params;

  beforeAll(async () => {
    ctx = await createTestContext({ workers: true });
    manager = await ctx.staffAuth(...DEMO.manager);
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<Params>();
  });
  afterAll(() => ctx.close());

  const email = 'deliver@example.ru';
  async function deliveringOrder(): Promise<OrderSummary> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Ольга Доставкина',
        phoneNumber: '+79160001133',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderSummary>();
    await payOnTestPage(ctx, order, email);
    for (const status of ['IN_PROGRESS', 'READY', 'DELIVERING']) await move(order, status);
    return order;
  }
  async function move(order: { id: string }, status: string) {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: { id: order.id, status },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  async function completionJobs(order: { id: string }): Promise<JobRow[]> {
    const result = await ctx.database.sql.executeSql(
      `select id, state from pgboss.job
        where name = 'order-processing' and data->>'name' = 'change-status' and data->>'orderId' = $1
        order by created_on`,
      [order.id],
    );
    return result.rows as JobRow[];
  }
  const status = async (order: { id: string }) =>
    (
      (await ctx.database.sql.executeSql('select status from orders where id = $1', [order.id]))
        .rows as Array<{
        status: string;
      }>
    )[0]!.status;

  it('is cancelled when staff complete the order by hand', async () => {
    const order = await deliveringOrder();
    const [scheduled] = await completionJobs(order);
    expect(scheduled).toMatchObject({ state: 'created' });
    await move(order, 'COMPLETED');
    expect(await completionJobs(order)).toEqual([{ id: scheduled!.id, state: 'cancelled' }]);
  });

  it('is cancelled when the order goes back to READY, and a new one is scheduled on the next hand-over', async () => {
    const order = await deliveringOrder();
    await move(order, 'READY');
    expect((await completionJobs(order)).map((job) => job.state)).toEqual(['cancelled']);
    await move(order, 'DELIVERING');
    expect((await completionJobs(order)).map((job) => job.state)).toEqual(['cancelled', 'created']);
    // Completed by the courier's report (a system change): the waiting job is cancelled too.
    expect(
      await ctx.services.orderStatus.changeStatusBySystem({
        orderId: order.id,
        from: 'DELIVERING',
        to: 'COMPLETED',
        comment: null,
      }),
    ).toBe(true);
    expect((await completionJobs(order)).map((job) => job.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('completes the order when its time comes, and ends completed itself, not cancelled', async () => {
    const order = await deliveringOrder();
    const [scheduled] = await completionJobs(order);
    await ctx.database.sql.executeSql(`update pgboss.job set start_after = now() where id = $1`, [
      scheduled!.id,
    ]);
    await waitFor(async () => ((await status(order)) === 'COMPLETED' ? true : undefined));
    const [done] = await waitFor(async () => {
      const jobs = await completionJobs(order);
      return jobs[0]?.state === 'completed' ? jobs : undefined;
    });
    expect(done).toEqual({ id: scheduled!.id, state: 'completed' });
  });
});
