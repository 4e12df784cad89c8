import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BURST = 10;

/**
 * Concurrent orders on a real PostgreSQL server (PGlite runs one query at a time and hides races), so only the
 * api-postgres project runs this file. Decision 019.
 */
describe('orders under concurrent submissions (PostgreSQL)', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  let admin: { authorization: string };

  const order = (email: string, promoCode: string | null) => ({
    name: 'Иван Петров',
    phoneNumber: '+7 916 000-11-22',
    email,
    documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
    documentsAssurances: [],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryId: params.deliveries.find((item) => item.type === 'COURIER')!.id,
    address: 'Москва, Тверская 1',
    payerType: 'INDIVIDUAL',
    ...(promoCode ? { promoCode } : {}),
  });

  async function one<T>(text: string, values: unknown[] = []): Promise<T> {
    return (await ctx.database.sql.executeSql(text, values)).rows[0] as T;
  }

  async function createPromo(code: string, maxUses: number) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/form-settings/promocode',
      headers: admin,
      payload: { code, discountPercent: 10, maxUses },
    });
    expect(created.statusCode).toBe(201);
  }

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 2 });
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx?.close());

  it('a promo code with one use left goes to exactly one of 10 concurrent orders; the others store nothing', async () => {
    for (let burst = 0; burst < 3; burst += 1) {
      const code = `ONCE_${burst}`;
      await createPromo(code, 1);
      const before = await one<{ orders: number; users: number; number: number }>(
        `select (select count(*)::int from orders) as orders, (select count(*)::int from users) as users,
                (select max(number)::int from orders) as number`,
      );
      const responses = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/order',
            payload: order(`promo.${burst}.${index}@example.ru`, code),
          }),
        ),
      );

      const created = responses.filter((response) => response.statusCode === 201);
      const refused = responses.filter((response) => response.statusCode === 400);
      expect(created).toHaveLength(1);
      expect(refused).toHaveLength(BURST - 1);
      for (const response of refused) {
        expect(response.json()).toMatchObject({
          message: MESSAGES.promoUsedUp,
          details: [{ path: 'body.promoCode', message: MESSAGES.promoUsedUp }],
        });
      }
      const winner = created[0]!.json<OrderSummary>();
      expect(winner.priceBreakdown.discount).toBeGreaterThan(0);

      const after = await one<{ orders: number; users: number; withPromo: number; used: number }>(
        `select (select count(*)::int from orders) as orders, (select count(*)::int from users) as users,
                (select count(*)::int from orders where promo_code = $1) as "withPromo",
                (select used_count from promo_codes where code = $1) as used`,
        [code],
      );
      expect(after).toEqual({ orders: before.orders + 1, users: before.users + 1, withPromo: 1, used: 1 });
      const check = await ctx.app.inject({
        method: 'GET',
        url: `/api/form-settings/promocode/validate?code=${code}`,
      });
      expect(check.json()).toMatchObject({ valid: false, message: MESSAGES.promoUsedUp });
      // The refused orders drew no order number: the winner took the next one and the next order follows it.
      expect(winner.number).toBe(before.number + 1);
      const next = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: order(`after.${burst}@example.ru`, null),
      });
      expect(next.json<OrderSummary>().number).toBe(winner.number + 1);
    }
  });

  it('10 concurrent first orders of one new e-mail make one customer, who owns all 10 (issue 15)', async () => {
    // The customer is found or inserted in one statement: the insert waits for a twin's uncommitted row, does
    // nothing, and the statement's own read cannot see that row yet; the second read must find it.
    for (let burst = 0; burst < 3; burst += 1) {
      const email = `first-${burst}@example.ru`;
      const responses = await Promise.all(
        Array.from({ length: BURST }, () =>
          ctx.app.inject({ method: 'POST', url: '/api/order', payload: order(email, null) }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(BURST).fill(201));
      const stored = await one<{ users: number; owners: number; orders: number; named: number }>(
        `select (select count(*)::int from users where email = $1) as users,
                (select count(distinct user_id)::int from orders where email = $1) as owners,
                (select count(*)::int from orders o join users u on u.id = o.user_id where o.email = $1) as orders,
                (select count(*)::int from users u where email = $1 and first_name = 'Иван Петров'
                    and phone_number = (select phone_number from orders where email = $1 limit 1)) as named`,
        [email],
      );
      expect(stored).toEqual({ users: 1, owners: 1, orders: BURST, named: 1 });
    }
  });

  it('a promo code with 3 uses left goes to exactly 3 of 10 concurrent orders', async () => {
    await createPromo('THRICE', 3);
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/order',
          payload: order(`thrice.${index}@example.ru`, 'THRICE'),
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(await one(`select used_count as used from promo_codes where code = 'THRICE'`)).toEqual({
      used: 3,
    });
    expect(await one(`select count(*)::int as n from orders where promo_code = 'THRICE'`)).toEqual({ n: 3 });
  });

  it('retries of one order with the last use of a promo code, all at once, return that one order', async () => {
    await createPromo('RETRY_ONCE', 1);
    const headers = { 'idempotency-key': 'checkout-promo-retry-0001' };
    const payload = order('retry.promo@example.ru', 'RETRY_ONCE');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/order', headers, payload }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json<OrderSummary>().id)).size).toBe(1);
    expect(await one(`select used_count as used from promo_codes where code = 'RETRY_ONCE'`)).toEqual({
      used: 1,
    });
  });

  it('concurrent orders, refused attempts and retries among them: numbers without gaps or repeats (issue 16)', async () => {
    const before = await one<{ top: number }>(`select coalesce(max(number), 100000)::int as top from orders`);
    const unknownFile = '0b7c6d5e-4f3a-4b2c-8d1e-9f8a7b6c5d4e';
    const refused = { ...order('numbers.refused@example.ru', null), files: [unknownFile] };
    const sends = Array.from({ length: BURST }, (_, index) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        // Every third is refused inside its transaction; pairs of the others share a key (a retry).
        headers: { 'idempotency-key': `numbers-${Math.floor(index / 2)}` },
        payload:
          index % 3 === 2
            ? { ...refused, email: `numbers.refused.${index}@example.ru` }
            : order(`numbers.${Math.floor(index / 2)}@example.ru`, null),
      }),
    );
    const answers = await Promise.all(sends);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(answers.every((answer) => [200, 201, 400].includes(answer.statusCode))).toBe(true);
    const numbers = created.map((answer) => answer.json<OrderSummary>().number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => before.top + 1 + index));
    const after = await one<{ top: number }>(`select max(number)::int as top from orders`);
    expect(after.top).toBe(before.top + created.length);
  });

  it('a retry that waits for its uncommitted twin takes no number (decision 064)', async () => {
    const email = 'twin.retry@example.ru';
    const post = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'idempotency-key': key },
        payload: order(email, null),
      });
    const first = await post('twin-0001');
    expect(first.statusCode).toBe(201);
    // The twin: the same request under another key, stored by a transaction held open here, as an order in flight.
    const twin = new pg.Client({ connectionString: ctx.databaseUrl });
    await twin.connect();
    try {
      await twin.query('begin');
      const { rows } = await twin.query<{ id: string; number: string }>(
        `insert into orders
         select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
                  'id', gen_random_uuid(), 'idempotency_key', 'twin-0002',
                  'status_token', md5(random()::text) || md5(random()::text)))).*
           from orders o where o.id = $1
         returning id, number`,
        [first.json<OrderSummary>().id],
      );
      const held = rows[0]!;
      expect(Number(held.number)).toBe(first.json<OrderSummary>().number + 1);
      // The retry arrives while the twin is uncommitted: it waits, then finds the twin's order.
      const retry = post('twin-0002');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await twin.query('commit');
      const answer = await retry;
      expect(answer.statusCode).toBe(200);
      expect(answer.json<OrderSummary>().id).toBe(held.id);
      // The waiting retry drew no number: the next order follows the twin's.
      const next = await post('twin-0003');
      expect(next.json<OrderSummary>().number).toBe(Number(held.number) + 1);
    } finally {
      await twin.query('rollback').catch(() => undefined);
      await twin.end();
    }
  });

  it('taps on «Да, отменить» at once: one cancellation, every tap answered as cancelled', async () => {
    const email = 'double.tap@example.ru';
    const created = await ctx.app.inject({ method: 'POST', url: '/api/order', payload: order(email, null) });
    const orderId = created.json<OrderSummary>().id;
    const owner = { authorization: (await ctx.customerAuth(email)).authorization };
    const taps = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/order/status',
          headers: owner,
          payload: { id: orderId, status: 'CANCELED' },
        }),
      ),
    );
    expect(taps.map((tap) => [tap.statusCode, tap.json<{ status: string }>().status])).toEqual(
      Array.from({ length: 5 }, () => [200, 'CANCELED']),
    );
    expect(
      await one(
        `select count(*)::int as n from order_status_history where order_id = $1 and to_status = 'CANCELED'`,
        [orderId],
      ),
    ).toEqual({ n: 1 });
  });

  it('an automatic completion whose order re-entered DELIVERING meanwhile does nothing', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: order('auto.complete@example.ru', null),
    });
    const orderId = created.json<OrderSummary>().id;
    const locker = new pg.Client({ connectionString: ctx.databaseUrl });
    const other = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
    await other.connect();
    try {
      // Handed to delivery an hour ago: the completion job of that time is due.
      const since = new Date(Date.now() - 3600_000);
      await other.query(`update orders set status = 'DELIVERING' where id = $1`, [orderId]);
      await other.query(
        `insert into order_status_history (order_id, from_status, to_status, created_at)
         values ($1, 'READY', 'DELIVERING', $2)`,
        [orderId, since],
      );
      // Staff take the order back and hand it over again (a newer job owns it) while the old job runs.
      await locker.query('begin');
      await locker.query('select id from orders where id = $1 for update', [orderId]);
      const job = ctx.services.orderStatus.changeStatusBySystem({
        orderId,
        from: 'DELIVERING',
        to: 'COMPLETED',
        comment: null,
        since: since.toISOString(),
      });
      const started = Date.now();
      for (;;) {
        const { rows } = await other.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= 1) break;
        if (Date.now() - started > 10_000) throw new Error('the job never waited on the order row');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await locker.query(
        `insert into order_status_history (order_id, from_status, to_status, created_at)
         values ($1, 'READY', 'DELIVERING', now())`,
        [orderId],
      );
      await locker.query('commit');
      expect(await job).toBe(false);
      expect(await one(`select status from orders where id = $1`, [orderId])).toEqual({
        status: 'DELIVERING',
      });
    } finally {
      await locker.end();
      await other.end();
    }
  });

  it('a pickup point deleted while orders for it are placed: either the orders are refused or the point stays', async () => {
    const partner = await one<{ id: string }>(`select id from partners order by name limit 1`);
    for (let round = 0; round < 3; round += 1) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/point',
        headers: admin,
        payload: {
          name: `ПВЗ гонка ${round}`,
          address: 'Москва, Ленинградский пр-т, 75',
          lat: 55.805,
          lon: 37.515,
          partnerId: partner.id,
          schedule: 'Ежедневно 10–21',
        },
      });
      expect(created.statusCode).toBe(200);
      const pointId = created.json<{ id: string }>().id;
      const placing = Array.from({ length: BURST - 1 }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/order',
          payload: {
            ...order(`point.${round}.${index}@example.ru`, null),
            deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
            address: undefined,
            pickupPointId: pointId,
          },
        }),
      );
      const deleting = ctx.app.inject({
        method: 'DELETE',
        url: '/api/point',
        headers: admin,
        payload: { id: pointId },
      });
      const [deleted, ...orders] = await Promise.all([deleting, ...placing]);
      const placed = orders.filter((response) => response.statusCode === 201).length;
      const stored = await one<{ orders: number; points: number }>(
        `select (select count(*)::int from orders where pickup_point_id = $1) as orders,
                (select count(*)::int from points where id = $1) as points`,
        [pointId],
      );
      expect(stored.orders).toBe(placed);
      if (deleted.statusCode === 200) {
        expect(stored).toEqual({ orders: 0, points: 0 });
      } else {
        expect(deleted.json()).toMatchObject({ message: MESSAGES.pointInUse });
        expect(stored.points).toBe(1);
      }
    }
  });
});
