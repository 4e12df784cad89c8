import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

const BURST = 5;
const ROUNDS = 3;

/**
 * Refunds racing on a real PostgreSQL server (decisions 019, 046): refunds that together would return more than
 * was paid are checked under the order's row lock, so exactly those that fit are stored and the rest refused.
 */
describe('refunds under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let holder: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 4 });
    admin = await ctx.staffAuth(...DEMO.admin);
    holder = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    await watcher.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await watcher?.end();
    await ctx?.close();
  });

  async function paidOrder(email: string): Promise<OrderSummary> {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Клиент',
          phoneNumber: '+79160000099',
          email,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 2 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
    await payOnTestPage(ctx, order, email);
    return order;
  }

  /** Sends the refunds while the order row is held, then releases them at once. */
  async function race(orderId: string, amounts: number[]) {
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [orderId]);
    const responses = Promise.all(
      amounts.map((amount, index) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/order/${orderId}/refunds`,
          headers: admin,
          payload: { amount, reason: `Возврат ${index + 1}` },
        }),
      ),
    );
    await waitForLockWaiters(watcher, amounts.length);
    await holder.query('commit');
    return (await responses).map((response) => response.statusCode);
  }

  const refunded = async (orderId: string) =>
    (
      await ctx.database.sql.executeSql(
        `select count(*)::int as n, coalesce(sum(amount_kopecks), 0)::int as kopecks
           from refunds where order_id = $1 and status <> 'canceled'`,
        [orderId],
      )
    ).rows[0] as { n: number; kopecks: number };

  it('two refunds that together exceed the payment: one is stored, the other refused', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await paidOrder(`race-two-${round}@example.ru`);
      const share = Math.round(order.amount * 60) / 100; // 60 % each
      const codes = await race(order.id, [share, share]);
      expect(codes.sort()).toEqual([201, 409]);
      expect(await refunded(order.id)).toEqual({ n: 1, kopecks: Math.round(share * 100) });
    }
  });

  it(`${BURST} refunds of a quarter each: exactly four fit, the sum never exceeds what was paid`, async () => {
    const order = await paidOrder('race-burst@example.ru');
    const quarter = Math.floor(order.amount * 25) / 100;
    const codes = await race(order.id, Array<number>(BURST).fill(quarter));
    expect(codes.filter((code) => code === 201)).toHaveLength(4);
    expect(codes.filter((code) => code === 409)).toHaveLength(BURST - 4);
    const stored = await refunded(order.id);
    expect(stored).toEqual({ n: 4, kopecks: Math.round(quarter * 100) * 4 });
    expect(stored.kopecks).toBeLessThanOrEqual(Math.round(order.amount * 100));
  });
});
