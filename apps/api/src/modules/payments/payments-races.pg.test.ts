import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';
import { startFakeYooKassa } from '#test/fakes/yookassa.ts';

const BURST = 10;

/**
 * Payments and cancellations under concurrent requests on a real PostgreSQL server (PGlite runs one query at a
 * time and hides races), so only the api-postgres project runs this file. Decision 019.
 */
describe('payments under concurrent requests (PostgreSQL)', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  let admin: { authorization: string };
  let other: pg.Client;
  /** Holds an order row in a transaction of its own (pg_stat_activity stays frozen inside a transaction). */
  let locker: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 4 });
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    admin = await ctx.staffAuth(...DEMO.admin);
    other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await other?.end();
    await locker?.end();
    await ctx?.close();
  });

  async function createOrder(email: string): Promise<OrderSummary> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Ольга Смирнова',
        phoneNumber: '+79161112233',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        documentsAssurances: [],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }

  const createLink = (order: OrderSummary) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: order.email },
    });

  it('10 concurrent payment links for one order create one pending payment, and all get that one', async () => {
    for (let burst = 0; burst < 3; burst += 1) {
      const order = await createOrder(`link.${burst}@example.ru`);
      const responses = await Promise.all(Array.from({ length: BURST }, () => createLink(order)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(BURST).fill(200));
      const links = responses.map((response) =>
        response.json<{ paymentId: string; confirmationUrl: string }>(),
      );
      expect(new Set(links.map((link) => link.paymentId)).size).toBe(1);
      expect(new Set(links.map((link) => link.confirmationUrl)).size).toBe(1);
      const { rows } = await other.query<{ id: string }>(
        `select id from payments where order_id = $1 and status = 'pending'`,
        [order.id],
      );
      expect(rows.map((row) => row.id)).toEqual([links[0]!.paymentId]);
    }
  });

  it('concurrent pay clicks on the status page (by its token) and the order form: one pending payment per page it returns to', async () => {
    const order = await createOrder('link.token@example.ru');
    const { rows: tokens } = await other.query<{ status_token: string }>(
      'select status_token from orders where id = $1',
      [order.id],
    );
    const byToken = () =>
      ctx.app.inject({ method: 'POST', url: `/api/order-status/${tokens[0]!.status_token}/payment-link` });
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, index) => (index % 2 ? byToken() : createLink(order))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(BURST).fill(200));
    const idsOf = (parity: number) =>
      new Set(
        responses
          .filter((_, index) => index % 2 === parity)
          .map((response) => response.json<{ paymentId: string }>().paymentId),
      );
    // A link brings the payer back to the page it was made on (decision 035), so the status page and the order
    // form each get one link, and every click on the same page gets that page's link.
    const [formIds, tokenIds] = [idsOf(0), idsOf(1)];
    expect(formIds.size).toBe(1);
    expect(tokenIds.size).toBe(1);
    const { rows } = await other.query<{ id: string }>(
      `select id from payments where order_id = $1 and status = 'pending' order by id`,
      [order.id],
    );
    expect(rows.map((row) => row.id)).toEqual([...formIds, ...tokenIds].sort());
  });

  const confirm = (paymentId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` });
  const cancel = (order: OrderSummary) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: admin,
      payload: { id: order.id, status: 'CANCELED' },
    });

  async function state(order: OrderSummary, paymentId: string) {
    const { rows } = await other.query<{ status: string; paid: boolean; payment: string; flags: number }>(
      `select o.status, o.is_paid as paid, p.status as payment,
              (select count(*)::int from audit_log a
                where a.action = 'payment.not-settled' and a.entity_id = o.id::text) as flags
         from orders o join payments p on p.order_id = o.id
        where o.id = $1 and p.id = $2`,
      [order.id, paymentId],
    );
    return rows[0]!;
  }

  async function newOrderWithLink(email: string) {
    const order = await createOrder(email);
    const link = await createLink(order);
    expect(link.statusCode).toBe(200);
    return { order, paymentId: link.json<{ paymentId: string }>().paymentId };
  }

  it('a payment confirmed while its NEW order is being cancelled: recorded and flagged, the order stays unpaid', async () => {
    const { order, paymentId } = await newOrderWithLink('cancel.first@example.ru');
    await locker.query('begin');
    await locker.query('select id from orders where id = $1 for update', [order.id]);
    const cancelled = cancel(order);
    await waitForLockWaiters(other, 1);
    const confirmed = confirm(paymentId);
    await waitForLockWaiters(other, 2);
    await locker.query('commit');
    const [cancelResponse, confirmResponse] = await Promise.all([cancelled, confirmed]);
    expect(cancelResponse.statusCode).toBe(200);
    expect(confirmResponse.statusCode).toBe(200);
    expect(await state(order, paymentId)).toEqual({
      status: 'CANCELED',
      paid: false,
      payment: 'succeeded',
      flags: 1,
    });
  });

  it('a cancellation racing the payment that settles the order first is refused as already paid', async () => {
    const { order, paymentId } = await newOrderWithLink('paid.first@example.ru');
    await locker.query('begin');
    await locker.query('select id from orders where id = $1 for update', [order.id]);
    const confirmed = confirm(paymentId);
    await waitForLockWaiters(other, 1);
    const cancelled = cancel(order);
    await waitForLockWaiters(other, 2);
    await locker.query('commit');
    const [confirmResponse, cancelResponse] = await Promise.all([confirmed, cancelled]);
    expect(confirmResponse.statusCode).toBe(200);
    expect(cancelResponse.statusCode).toBe(409);
    expect(cancelResponse.json()).toMatchObject({ message: MESSAGES.orderAlreadyPaid });
    expect(await state(order, paymentId)).toEqual({
      status: 'PAID',
      paid: true,
      payment: 'succeeded',
      flags: 0,
    });
  });

  it('bursts of confirmations and cancellations: an order is never both cancelled and paid', async () => {
    const pairs = await Promise.all(
      Array.from({ length: BURST / 2 }, (_, index) => newOrderWithLink(`burst.${index}@example.ru`)),
    );
    const responses = await Promise.all(
      pairs.map(({ order, paymentId }, index) =>
        index % 2 === 0
          ? Promise.all([cancel(order), confirm(paymentId)])
          : Promise.all([confirm(paymentId), cancel(order)]).then(([c, x]) => [x, c] as const),
      ),
    );
    for (const [index, { order, paymentId }] of pairs.entries()) {
      const [cancelResponse] = responses[index]!;
      const after = await state(order, paymentId);
      expect(after.payment).toBe('succeeded');
      if (cancelResponse.statusCode === 200) {
        expect(after).toEqual({ status: 'CANCELED', paid: false, payment: 'succeeded', flags: 1 });
      } else {
        expect(cancelResponse.json()).toMatchObject({ message: MESSAGES.orderAlreadyPaid });
        expect(after).toEqual({ status: 'PAID', paid: true, payment: 'succeeded', flags: 0 });
      }
    }
  });
});

/**
 * The outcome page re-reads a pending YooKassa payment and settles it (decision 035) while the notification and
 * other tabs' polls do the same: the order is paid once, whoever gets there first.
 */
describe('payment outcome polls racing the notification (PostgreSQL, fake YooKassa)', () => {
  let ctx: TestContext;
  let yookassa: Awaited<ReturnType<typeof startFakeYooKassa>>;
  let other: pg.Client;

  beforeAll(async () => {
    yookassa = await startFakeYooKassa({ shopId: '123456', secretKey: 'test_secret' });
    ctx = await createTestContext({
      poolMax: BURST + 4,
      env: {
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'test_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
      },
    });
    other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await ctx?.close();
    await yookassa?.close();
  });

  it('10 polls and notifications of one succeeded payment: paid once, one history entry, one e-mail', async () => {
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    for (let round = 0; round < 3; round += 1) {
      const email = `outcome-race.${round}@example.ru`;
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Ольга Смирнова',
          phoneNumber: '+79161112233',
          email,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          documentsAssurances: [],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
        },
      });
      const order = created.json<OrderSummary>();
      const link = await ctx.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/create-payment-link`,
        payload: { email },
      });
      const { paymentId } = link.json<{ paymentId: string }>();
      const providerId = [...yookassa.payments.values()].find(
        (payment) => payment.metadata.paymentId === paymentId,
      )!.id;
      yookassa.succeed(providerId);

      const responses = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          index % 3 === 0
            ? ctx.app.inject({
                method: 'POST',
                url: '/api/payments/yookassa/webhook',
                payload: { event: 'payment.succeeded', object: { id: providerId } },
              })
            : ctx.app.inject({
                method: 'GET',
                url: `/api/order/${order.id}/payment-outcome?payment=${paymentId}`,
              }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(BURST).fill(200));
      const { rows } = await other.query<{ paid: boolean; status: string; entries: number }>(
        `select o.is_paid as paid, o.status,
                (select count(*)::int from order_status_history h where h.order_id = o.id and h.to_status = 'PAID')
                  as entries
           from orders o where o.id = $1`,
        [order.id],
      );
      expect(rows[0]).toEqual({ paid: true, status: 'PAID', entries: 1 });
      const after = await ctx.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}/payment-outcome?payment=${paymentId}`,
      });
      expect(after.json()).toMatchObject({
        isPaid: true,
        payment: { status: 'paid', reference: providerId },
      });
      await expect
        .poll(async () => (await ctx.outbox(email)).filter((mail) => mail.subject.includes('Оплата')).length)
        .toBe(1);
    }
  });
});
