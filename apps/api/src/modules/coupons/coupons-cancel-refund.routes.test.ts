import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CouponBatchCreateResponse,
  type CouponCampaign,
  type CouponCampaignListResponse,
  type CouponListResponse,
  moscowDate,
  moscowDayStart,
  type OrderTimelineResponse,
} from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { orderBody, rows } from '#test/portal-partners.ts';

type Auth = { authorization: string };

/**
 * Decision 076: a coupon order cancelled before payment frees its coupon and gives its discount back to the
 * campaign's budget; a refund of a paid coupon order gives back the refunded share of the discount; a paid order
 * keeps its coupon.
 */
describe('coupons after the order: cancellation and refunds (decision 076)', () => {
  let ctx: TestContext;
  let payee: Auth;
  let admin: Auth;
  const inAWeek = () => moscowDate(moscowDayStart(moscowDate(new Date()), 7));

  beforeAll(async () => {
    ctx = await createTestContext();
    payee = await ctx.partnerAuth(...DEMO.payee);
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  async function campaign(name: string): Promise<CouponCampaign> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/campaigns',
      headers: payee,
      payload: { name, budgetRub: 100000 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CouponCampaign>();
  }
  async function spentOf(id: string): Promise<number> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/corporate/campaigns',
      headers: payee,
    });
    return response.json<CouponCampaignListResponse>().items.find((item) => item.id === id)!.spentKopecks;
  }
  async function couponsOf(campaignId: string, quantity: number): Promise<string[]> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/coupon-batches',
      headers: payee,
      payload: { label: 'Сотрудники', quantity, discountPercent: 10, expiresOn: inAWeek(), campaignId },
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
  async function order(promoCode: string, email: string): Promise<{ id: string; amount: number }> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderBody(ctx, { promoCode, email }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; amount: number }>();
  }
  const cancel = (id: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: admin,
      payload: { id, status: 'CANCELED' },
    });
  const refund = (id: string, amount: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/order/${id}/refunds`,
      headers: admin,
      payload: { amount, reason: 'Часть документов не понадобилась' },
    });
  async function coupon(code: string) {
    const [row] = await rows<{
      used: boolean;
      order_id: string | null;
      discount: string | null;
      returned: string;
    }>(
      ctx,
      `select used_at is not null as used, order_id, discount_kopecks as discount,
              discount_returned_kopecks as returned
         from partner_coupons where code = $1`,
      [code],
    );
    return {
      used: row!.used,
      orderId: row!.order_id,
      discount: row!.discount === null ? null : Number(row!.discount),
      returned: Number(row!.returned),
    };
  }
  async function timelineText(orderId: string): Promise<string> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/timeline`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<OrderTimelineResponse>()
      .items.map((item) => item.text)
      .join('\n');
  }

  it('an unpaid order cancelled frees its coupon and its discount; another order may then use it, once', async () => {
    const { id: campaignId } = await campaign('Отмена без оплаты');
    const [code] = await couponsOf(campaignId, 1);
    const first = await order(code!, 'cancel-first@example.ru');
    const { discount } = await coupon(code!);
    expect(discount).toBeGreaterThan(0);
    expect(await spentOf(campaignId)).toBe(discount);

    const cancelled = await cancel(first.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await coupon(code!)).toEqual({ used: false, orderId: null, discount: null, returned: 0 });
    expect(await spentOf(campaignId)).toBe(0);
    expect(await timelineText(first.id)).toContain(`Купон ${code} освобождён`);

    const second = await order(code!, 'cancel-second@example.ru');
    expect(await coupon(code!)).toMatchObject({ used: true, orderId: second.id, discount });
    expect(await spentOf(campaignId)).toBe(discount);
    // Used again: a third order is refused.
    const third = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderBody(ctx, { promoCode: code, email: 'cancel-third@example.ru' }),
    });
    expect(third.statusCode).toBe(400);
  });

  it('a refund gives back the refunded share of the discount; a paid order keeps its coupon when cancelled', async () => {
    const { id: campaignId } = await campaign('Возвраты');
    const [code] = await couponsOf(campaignId, 1);
    const placed = await order(code!, 'refund-coupon@example.ru');
    await payOnTestPage(ctx, placed, 'refund-coupon@example.ru');
    const { discount } = await coupon(code!);
    const paidKopecks = Math.round(placed.amount * 100);
    expect(await spentOf(campaignId)).toBe(discount);

    // A quarter of the money back: a quarter of the discount back (rounded down).
    const quarterKopecks = Math.floor(paidKopecks / 4);
    const partial = await refund(placed.id, quarterKopecks / 100);
    expect(partial.statusCode, partial.body).toBe(201);
    const share = Math.floor((discount! * quarterKopecks) / paidKopecks);
    expect(share).toBeGreaterThan(0);
    expect(await coupon(code!)).toMatchObject({ used: true, orderId: placed.id, returned: share });
    expect(await spentOf(campaignId)).toBe(discount! - share);
    expect(await timelineText(placed.id)).toContain(`скидки по купону ${code}`);

    // Cancelling the paid order frees nothing.
    expect((await cancel(placed.id)).statusCode).toBe(200);
    expect(await coupon(code!)).toMatchObject({ used: true, orderId: placed.id, returned: share });
    expect(await spentOf(campaignId)).toBe(discount! - share);

    // The rest of the money back: the whole discount is back in the budget, the coupon stays used.
    const rest = await refund(placed.id, (paidKopecks - quarterKopecks) / 100);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await coupon(code!)).toMatchObject({ used: true, orderId: placed.id, returned: discount });
    expect(await spentOf(campaignId)).toBe(0);
  });
});
