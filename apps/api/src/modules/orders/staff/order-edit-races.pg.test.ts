import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

const BURST = 5;

/**
 * The staff order edit (decision 054) checks the status and the amount the confirmation showed, then writes: on a
 * real PostgreSQL server (PGlite runs one query at a time), with edits queued behind a transaction that holds
 * the order row, the check and the write must be one step under the row lock.
 */
describe('order edits under concurrent changes (PostgreSQL)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let holder: pg.Client;
  let watcher: pg.Client;
  let documentId: string;
  let price: number;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 3 });
    manager = await ctx.staffAuth(...DEMO.manager);
    holder = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    await watcher.connect();
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string; name: string; price: number }>;
    }>();
    const passport = params.documents.find((document) => document.name === 'Паспорт')!;
    documentId = passport.id;
    price = passport.price;
  });
  afterAll(async () => {
    await holder?.end();
    await watcher?.end();
    await ctx?.close();
  });

  async function createOrder(email: string) {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      deliveries: Array<{ id: string; type: string }>;
    }>();
    return (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Клиент',
          phoneNumber: '+79160000077',
          email,
          documentsWithQuantity: [{ documentId, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
  }

  const edit = (orderId: string, email: string, quantity: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}/edit`,
      headers: manager,
      payload: {
        documentsWithQuantity: [{ documentId, quantity }],
        documentsAssurances: [],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        name: 'Клиент',
        phoneNumber: '+79160000077',
        email,
        expectedAmount: price,
        reason: `Копий: ${quantity}`,
      },
    });

  const edits = async (orderId: string) =>
    (
      await ctx.database.sql.executeSql(
        `select count(*)::int as n from audit_log where entity_id = $1::text and action = 'order.edit'`,
        [orderId],
      )
    ).rows[0] as { n: number };

  it('of concurrent edits confirmed against the same amount exactly one is saved', async () => {
    const email = 'edit-race@example.ru';
    const order = await createOrder(email);
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [order.id]);
    const pending = Promise.all(
      Array.from({ length: BURST }, (_, index) => edit(order.id, email, index + 2)),
    );
    await waitForLockWaiters(watcher, BURST);
    await holder.query('commit');
    const responses = await pending;
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array<number>(BURST - 1).fill(409),
    ]);
    const winner = responses.findIndex((response) => response.statusCode === 200);
    const [row] = (
      await ctx.database.sql.executeSql(`select amount::float8 as amount from orders where id = $1`, [
        order.id,
      ])
    ).rows as Array<{ amount: number }>;
    expect(row?.amount).toBe(price * (winner + 2));
    expect(await edits(order.id)).toEqual({ n: 1 });
    const mails = await ctx.database.sql.executeSql(
      `select count(*)::int as n from mail_outbox where order_id = $1 and subject like '%сумма изменена%'`,
      [order.id],
    );
    expect(mails.rows).toEqual([{ n: 1 }]);
  });

  it('an edit waiting while the order is taken into work is refused, not written over it', async () => {
    const email = 'edit-race-status@example.ru';
    const order = await createOrder(email);
    await holder.query('begin');
    await holder.query(`update orders set status = 'IN_PROGRESS' where id = $1`, [order.id]);
    const pending = Promise.all(
      Array.from({ length: BURST }, (_, index) => edit(order.id, email, index + 2)),
    );
    await waitForLockWaiters(watcher, BURST);
    await holder.query('commit');
    const responses = await pending;
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(BURST).fill(409));
    expect(responses[0]!.json<{ message: string }>().message).toBe(MESSAGES.orderEditNotAllowed);
    expect(await edits(order.id)).toEqual({ n: 0 });
  });
});
