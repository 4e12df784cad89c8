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

const BURST = 10;

/**
 * On a real PostgreSQL server, decision 069 (addendum): a budget edit racing coupon orders. Orders and the edit
 * queue behind the campaign row held by the test; the edit's check against the spending is part of its UPDATE,
 * so it is refused in Russian (400), never a CHECK violation (500), and the spending never passes the budget.
 */
describe('campaign budget edit under concurrent orders (PostgreSQL)', () => {
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

  it('the orders queued first spend; the later edit below the spending is refused with 400, spent ≤ budget', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/campaigns',
      headers: payee,
      payload: { name: 'Гонка бюджета', budgetRub: 1_000_000 },
    });
    const campaign = created.json<CouponCampaign>();
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/coupon-batches',
      headers: payee,
      payload: {
        label: 'Гонка',
        quantity: BURST,
        discountPercent: 10,
        expiresOn: moscowDate(moscowDayStart(moscowDate(new Date()), 7)),
        campaignId: campaign.id,
      },
    });
    const { batch: made } = batch.json<CouponBatchCreateResponse>();
    const codes = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/partner/corporate/coupon-batches/${made.id}/coupons`,
        headers: payee,
      })
    )
      .json<CouponListResponse>()
      .items.map((item) => item.code);
    const bodies = await Promise.all(
      codes.map((code, index) => orderBody(ctx, { promoCode: code, email: `edit${index}@example.ru` })),
    );

    await locker.query('begin');
    await locker.query('select id from partner_coupon_campaigns where id = $1 for update', [campaign.id]);
    const orders = bodies.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/order', payload }));
    await waitForLockWaiters(watcher, BURST);
    // The edit queues last: by its turn the orders have spent more than 1 ₽.
    const edit = ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/corporate/campaigns/${campaign.id}`,
      headers: payee,
      payload: { name: 'Гонка бюджета', budgetRub: 1 },
    });
    await waitForLockWaiters(watcher, BURST + 1);
    await locker.query('commit');
    const responses = await Promise.all(orders);
    const edited = await edit;

    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json<{ message: string }>().message).toMatch(/^Бюджет не может быть меньше/);
    expect(PARTNER_MESSAGES.couponBudgetBelowSpent).toMatch(/^Бюджет не может быть меньше/);
    const { rows } = await watcher.query<{ spent: string; budget: string }>(
      'select spent_kopecks as spent, budget_kopecks as budget from partner_coupon_campaigns where id = $1',
      [campaign.id],
    );
    expect(Number(rows[0]!.spent)).toBeGreaterThan(100);
    expect(Number(rows[0]!.spent)).toBeLessThanOrEqual(Number(rows[0]!.budget));
  });
});
