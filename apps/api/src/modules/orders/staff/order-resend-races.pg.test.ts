import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

const BURST = 5;

/**
 * Resending an order mail (decision 057) checks the last resend, then sends: on a real PostgreSQL server, clicks
 * queued behind a transaction that holds the order row must send one mail of each kind, not one per click.
 */
describe('order mail resends under concurrent clicks (PostgreSQL)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let holder: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST * 2 + 3 });
    manager = await ctx.staffAuth(...DEMO.manager);
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

  it('of simultaneous clicks, one mail of each kind is sent and the others are told to wait', async () => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const email = 'resend-race@example.ru';
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Клиент',
          phoneNumber: '+79160000078',
          email,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
    const click = (mail: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/resend`,
        headers: manager,
        payload: { mail },
      });

    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [order.id]);
    const pending = Promise.all([
      ...Array.from({ length: BURST }, () => click('confirmation')),
      ...Array.from({ length: BURST }, () => click('payment-link')),
    ]);
    await waitForLockWaiters(watcher, BURST * 2);
    await holder.query('commit');
    const responses = await pending;
    const codes = responses.map((response) => response.statusCode);
    expect(codes.slice(0, BURST).sort()).toEqual([200, ...Array<number>(BURST - 1).fill(429)]);
    expect(codes.slice(BURST).sort()).toEqual([200, ...Array<number>(BURST - 1).fill(429)]);

    const mails = await ctx.database.sql.executeSql(
      `select subject from mail_outbox where order_id = $1 order by created_at`,
      [order.id],
    );
    const subjects = (mails.rows as Array<{ subject: string }>).map((row) => row.subject);
    // The confirmation at creation, one resend of it, and one payment link.
    expect(subjects.filter((subject) => subject.endsWith('принят'))).toHaveLength(2);
    expect(subjects.filter((subject) => subject.startsWith('Ссылка на оплату'))).toHaveLength(1);
    const links = await ctx.database.sql.executeSql(
      `select count(*)::int as n from payments where order_id = $1`,
      [order.id],
    );
    expect(links.rows).toEqual([{ n: 1 }]);
  });
});
