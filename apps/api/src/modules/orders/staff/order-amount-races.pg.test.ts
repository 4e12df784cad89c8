import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { formatMessage, formatRub, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * The amount change (decision 042) under concurrent requests on a real PostgreSQL server (PGlite runs one query
 * at a time): the order row is held from a connection of the test's own while the requests queue behind it, then
 * released, so they really meet (decision 019).
 */
describe('order amount changes under concurrent requests (PostgreSQL)', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  let admin: { authorization: string };
  let watcher: pg.Client;
  let locker: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 8 });
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    admin = await ctx.staffAuth(...DEMO.admin);
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await watcher.connect();
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await watcher?.end();
    await locker?.end();
    await ctx?.close();
  });

  async function createOrder(email: string): Promise<OrderSummary> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Ирина Суммова',
        phoneNumber: '+79161112299',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 2 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }
  const changeAmount = (order: OrderSummary, amount: number, reason: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: order.id, amount, reason },
    });
  /** Holds the order row until `release`, so the requests started meanwhile queue behind it. */
  async function holdOrder(order: OrderSummary) {
    await locker.query('begin');
    await locker.query('select id from orders where id = $1 for update', [order.id]);
    return () => locker.query('commit');
  }
  async function stored(order: OrderSummary) {
    const { rows } = await watcher.query<{ amount: number; is_paid: boolean }>(
      'select amount::float8 as amount, is_paid from orders where id = $1',
      [order.id],
    );
    return rows[0]!;
  }
  async function amountHistory(order: OrderSummary) {
    const { rows } = await watcher.query<{ from: number; to: number }>(
      `select (data->>'from')::float8 as "from", (data->>'to')::float8 as "to" from audit_log
        where entity = 'order' and entity_id = $1 and action = 'order.amount' order by created_at, id`,
      [order.id],
    );
    return rows;
  }

  it('two concurrent amount changes: both apply one after the other, none is lost', async () => {
    const order = await createOrder('amount.race@example.ru');
    const release = await holdOrder(order);
    const first = changeAmount(order, order.amount + 100, 'Срочность');
    await waitForLockWaiters(watcher, 1);
    const second = changeAmount(order, order.amount + 250, 'Доп. страница');
    await waitForLockWaiters(watcher, 2);
    await release();
    const responses = await Promise.all([first, second]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);

    // Each change saw the one before it: the history is a chain from the original amount, and the order holds
    // the last change's amount.
    const history = await amountHistory(order);
    expect(history).toEqual([
      { from: order.amount, to: order.amount + 100 },
      { from: order.amount + 100, to: order.amount + 250 },
    ]);
    expect((await stored(order)).amount).toBe(order.amount + 250);
  });

  async function paymentLink(order: OrderSummary): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: order.email },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ paymentId: string }>().paymentId;
  }
  const confirm = (paymentId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` });

  it('a lower amount racing the payment that succeeds first: the change is refused, never below what was paid', async () => {
    const order = await createOrder('amount.paid-first@example.ru');
    const paymentId = await paymentLink(order);
    const release = await holdOrder(order);
    const payment = confirm(paymentId);
    await waitForLockWaiters(watcher, 1);
    const change = changeAmount(order, order.amount - 100, 'Скидка');
    await waitForLockWaiters(watcher, 2);
    await release();
    const [paid, changed] = await Promise.all([payment, change]);
    expect(paid.statusCode).toBeLessThan(300);
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({
      message: formatMessage(MESSAGES.amountBelowPaid, { paid: formatRub(order.amount) }),
    });
    expect(await stored(order)).toEqual({ amount: order.amount, is_paid: true });
    expect(await amountHistory(order)).toEqual([]);
  });

  it('a lower amount that wins the race against the payment: the old link no longer settles the order', async () => {
    const order = await createOrder('amount.change-first@example.ru');
    const paymentId = await paymentLink(order);
    const release = await holdOrder(order);
    const change = changeAmount(order, order.amount - 100, 'Скидка');
    await waitForLockWaiters(watcher, 1);
    const payment = confirm(paymentId);
    await waitForLockWaiters(watcher, 2);
    await release();
    const [changed] = await Promise.all([change, payment]);
    expect(changed.statusCode).toBe(200);
    // The order waits for the new amount, unpaid; the link made for the old amount did not mark it paid.
    expect(await stored(order)).toEqual({ amount: order.amount - 100, is_paid: false });
    const { rows } = await watcher.query<{ status: string }>('select status from payments where id = $1', [
      paymentId,
    ]);
    expect(rows[0]!.status).not.toBe('pending');
    expect(await amountHistory(order)).toEqual([{ from: order.amount, to: order.amount - 100 }]);
  });
});
