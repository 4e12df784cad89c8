import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CouponBatchCreateResponse,
  type CouponCampaign,
  type CouponListResponse,
  moscowDate,
  moscowDayStart,
  PARTNER_MESSAGES,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';
import { orderBody } from '#test/portal-partners.ts';

const BURST = 20;

/**
 * On a real PostgreSQL server (PGlite runs one query at a time and hides races), decision 069: one coupon under
 * 20 concurrent orders, a campaign's budget cap under concurrent orders with different coupons, and a budget edit
 * racing coupon orders. Each burst
 * queues behind a row held by a connection of the test, so all requests have passed the read-only check when
 * the row is released: a read-then-write would let them all through.
 */
describe('coupons on PostgreSQL', () => {
  let ctx: TestContext;
  let payee: { authorization: string };
  let watcher: pg.Client;
  let locker: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({
      poolMax: BURST + 4,
      env: { RATE_LIMIT_ORDERS_PER_MINUTE: '10000' },
    });
    payee = await ctx.partnerAuth(...DEMO.payee);
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

  async function batchOf(quantity: number, campaignId: string | null): Promise<string[]> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/coupon-batches',
      headers: payee,
      payload: {
        label: `Гонка ${quantity}`,
        quantity,
        discountPercent: 10,
        expiresOn: moscowDate(moscowDayStart(moscowDate(new Date()), 7)),
        campaignId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { batch } = created.json<CouponBatchCreateResponse>();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/corporate/coupon-batches/${batch.id}/coupons`,
      headers: payee,
    });
    return list.json<CouponListResponse>().items.map((item) => item.code);
  }

  async function campaign(budgetRub: number | null): Promise<CouponCampaign> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/campaigns',
      headers: payee,
      payload: { name: `Кампания ${budgetRub}`, budgetRub },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CouponCampaign>();
  }

  const placeOrder = async (promoCode: string, index: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderBody(ctx, { promoCode, email: `race${index}@example.ru` }),
    });

  const count = async (text: string, values: unknown[] = []) =>
    Number((await watcher.query<{ n: string }>(text, values)).rows[0]!.n);

  it('one coupon, 20 concurrent orders: exactly one order uses it, the others are refused and store nothing', async () => {
    const [code] = await batchOf(1, null);
    const ordersBefore = await count('select count(*) as n from orders');
    const bodies = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        orderBody(ctx, { promoCode: code, email: `one${index}@example.ru` }),
      ),
    );
    await locker.query('begin');
    await locker.query('select code from partner_coupons where code = $1 for update', [code]);
    const pending = bodies.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/order', payload }));
    await waitForLockWaiters(watcher, BURST);
    await locker.query('commit');
    const responses = await Promise.all(pending);

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: BURST - 1 }, () => 400)]);
    for (const refused of responses.filter((response) => response.statusCode === 400))
      expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponUsed);
    const winner = responses.find((response) => response.statusCode === 201)!.json<{ id: string }>().id;
    expect(await count('select count(*) as n from orders')).toBe(ordersBefore + 1);
    const { rows } = await watcher.query<{ order_id: string }>(
      'select order_id from partner_coupons where code = $1 and used_at is not null',
      [code],
    );
    expect(rows).toEqual([{ order_id: winner }]);
    expect(await count(`select count(*) as n from order_attributions where source = 'COUPON'`)).toBe(1);
  });

  it('a coupon freed by cancelling its unpaid order (decision 076), then 20 concurrent orders: used once, spent once', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const { id: campaignId } = await campaign(100000);
    const [code] = await batchOf(1, campaignId);
    const first = await placeOrder(code!, 100);
    expect(first.statusCode, first.body).toBe(201);
    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: admin,
      payload: { id: first.json<{ id: string }>().id, status: 'CANCELED' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const spent = async () =>
      count('select spent_kopecks as n from partner_coupon_campaigns where id = $1', [campaignId]);
    expect(await spent()).toBe(0);

    const bodies = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        orderBody(ctx, { promoCode: code, email: `freed${index}@example.ru` }),
      ),
    );
    await locker.query('begin');
    await locker.query('select code from partner_coupons where code = $1 for update', [code]);
    const pending = bodies.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/order', payload }));
    await waitForLockWaiters(watcher, BURST);
    await locker.query('commit');
    const responses = await Promise.all(pending);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201,
      ...Array.from({ length: BURST - 1 }, () => 400),
    ]);
    const winner = responses.find((response) => response.statusCode === 201)!.json<{ id: string }>().id;
    const { rows } = await watcher.query<{ order_id: string; discount: string }>(
      'select order_id, discount_kopecks as discount from partner_coupons where code = $1 and used_at is not null',
      [code],
    );
    expect(rows.map((row) => row.order_id)).toEqual([winner]);
    expect(await spent()).toBe(Number(rows[0]!.discount));
  });

  it('a campaign budget cap under 20 concurrent orders with different coupons: spending never passes the cap', async () => {
    // The discount of one order, learned from a campaign without a cap.
    const [probe] = await batchOf(1, (await campaign(null)).id);
    const first = await placeOrder(probe!, 0);
    expect(first.statusCode, first.body).toBe(201);
    const discount = Number(
      (
        await watcher.query<{ d: string }>(
          'select discount_kopecks as d from partner_coupons where code = $1',
          [probe],
        )
      ).rows[0]!.d,
    );
    expect(discount).toBeGreaterThan(0);

    // Room for three orders and a half.
    const capped = await campaign(Math.floor((discount * 3.5) / 100));
    const budget = Math.floor((discount * 3.5) / 100) * 100;
    expect(budget).toBeGreaterThanOrEqual(discount * 3);
    expect(budget).toBeLessThan(discount * 4);
    const codes = await batchOf(BURST, capped.id);
    const bodies = await Promise.all(
      codes.map((code, index) => orderBody(ctx, { promoCode: code, email: `cap${index}@example.ru` })),
    );
    await locker.query('begin');
    await locker.query('select id from partner_coupon_campaigns where id = $1 for update', [capped.id]);
    const pending = bodies.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/order', payload }));
    await waitForLockWaiters(watcher, BURST);
    await locker.query('commit');
    const responses = await Promise.all(pending);

    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(placed).toHaveLength(3);
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponBudgetExhausted);
    }
    const { rows } = await watcher.query<{ spent: string; budget: string }>(
      'select spent_kopecks as spent, budget_kopecks as budget from partner_coupon_campaigns where id = $1',
      [capped.id],
    );
    expect(Number(rows[0]!.spent)).toBe(discount * 3);
    expect(Number(rows[0]!.spent)).toBeLessThanOrEqual(Number(rows[0]!.budget));
    // A refused order left its coupon unused.
    expect(
      await count(
        `select count(*) as n from partner_coupons c join partner_coupon_batches b on b.id = c.batch_id
          where b.campaign_id = $1 and c.used_at is not null`,
        [capped.id],
      ),
    ).toBe(3);
  });

  it('a budget edit racing 10 coupon orders (decision 069 addendum): the orders queued first spend, the later edit below the spending is refused with 400, spent ≤ budget', async () => {
    // The edit's check against the spending is part of its UPDATE: refused in Russian (400), never a CHECK
    // violation (500), and the spending never passes the budget.
    const orderCount = 10;
    const edited = await campaign(1_000_000);
    const codes = await batchOf(orderCount, edited.id);
    const bodies = await Promise.all(
      codes.map((code, index) => orderBody(ctx, { promoCode: code, email: `edit${index}@example.ru` })),
    );

    await locker.query('begin');
    await locker.query('select id from partner_coupon_campaigns where id = $1 for update', [edited.id]);
    const orders = bodies.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/order', payload }));
    await waitForLockWaiters(watcher, orderCount);
    // The edit queues last: by its turn the orders have spent more than 1 ₽.
    const edit = ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/corporate/campaigns/${edited.id}`,
      headers: payee,
      payload: { name: edited.name, budgetRub: 1 },
    });
    await waitForLockWaiters(watcher, orderCount + 1);
    await locker.query('commit');
    const responses = await Promise.all(orders);
    const answer = await edit;

    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/^Бюджет не может быть меньше/);
    expect(PARTNER_MESSAGES.couponBudgetBelowSpent).toMatch(/^Бюджет не может быть меньше/);
    const { rows } = await watcher.query<{ spent: string; budget: string }>(
      'select spent_kopecks as spent, budget_kopecks as budget from partner_coupon_campaigns where id = $1',
      [edited.id],
    );
    expect(Number(rows[0]!.spent)).toBeGreaterThan(100);
    expect(Number(rows[0]!.spent)).toBeLessThanOrEqual(Number(rows[0]!.budget));
  });
});
