import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_ALPHABET,
  type CorporateAnalyticsResponse,
  type CouponBatchCreateResponse,
  type CouponBatchListResponse,
  type CouponBatchStaffListResponse,
  type CouponCampaign,
  type CouponCampaignListResponse,
  type CouponListResponse,
  formatMessage,
  MESSAGES,
  moscowDate,
  moscowDayStart,
  type OrderTimelineResponse,
  PARTNER_MESSAGES,
} from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { orderBody, rows, setPartnerStatus } from '#test/portal-partners.ts';

const CODE = new RegExp(`^[${COUPON_ALPHABET}]{10}$`);

describe('corporate coupons (decision 069)', () => {
  let ctx: TestContext;
  let now = new Date();
  let payee: { authorization: string };
  let payeeId: string;
  let admin: { authorization: string };
  const inAWeek = () => moscowDate(moscowDayStart(moscowDate(now), 7));

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    payee = await ctx.partnerAuth(...DEMO.payee);
    admin = await ctx.staffAuth(...DEMO.admin);
    payeeId = (
      await rows<{ id: string }>(ctx, 'select id from partner_accounts where email = $1', [DEMO.payee[0]])
    )[0]!.id;
  });
  afterAll(() => ctx.close());

  async function requestBatch(payload: Record<string, unknown>, who = payee) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/coupon-batches',
      headers: who,
      payload: { label: 'Сотрудники', quantity: 3, discountPercent: 10, expiresOn: inAWeek(), ...payload },
    });
  }
  async function approvedBatch(payload: Record<string, unknown> = {}) {
    const response = await requestBatch(payload);
    expect(response.statusCode, response.body).toBe(201);
    const { batch } = response.json<CouponBatchCreateResponse>();
    expect(batch.status).toBe('APPROVED');
    return batch;
  }
  async function couponsOf(batchId: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/corporate/coupon-batches/${batchId}/coupons`,
      headers: payee,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CouponListResponse>().items;
  }
  async function createCampaign(payload: Record<string, unknown>): Promise<CouponCampaign> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/campaigns',
      headers: payee,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CouponCampaign>();
  }
  async function order(promoCode: string, email = 'visitor@example.ru') {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/120.0' },
      payload: await orderBody(ctx, { promoCode, email }),
    });
  }
  const orderCount = async () =>
    (await rows<{ n: number }>(ctx, 'select count(*)::int as n from orders'))[0]!.n;

  it('only a CORPORATE_REFERRAL partner opens the corporate pages: an affiliate and an integrator get 403', async () => {
    for (const [email, password] of [DEMO.affiliate, DEMO.integrator]) {
      const credentials = [email, password] as const;
      const headers = await ctx.partnerAuth(email, password);
      for (const url of [
        '/api/partner/corporate/coupon-batches',
        '/api/partner/corporate/campaigns',
        '/api/partner/corporate/analytics',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${credentials[0]} ${url}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.partnerTypeForbidden);
      }
      expect((await requestBatch({}, headers)).statusCode).toBe(403);
    }
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/corporate/coupon-batches',
      headers: payee,
    });
    expect(own.statusCode).toBe(200);
  });

  it('a batch within the programme limits is approved at once with unguessable unique codes', async () => {
    const response = await requestBatch({ label: 'Отдел продаж', quantity: 40, discountPercent: 15 });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CouponBatchCreateResponse>();
    expect(created.message).toBe(PARTNER_MESSAGES.couponBatchApproved);
    expect(created.batch).toMatchObject({ status: 'APPROVED', quantity: 40, discountPercent: 15 });
    const coupons = await couponsOf(created.batch.id);
    expect(coupons).toHaveLength(40);
    for (const coupon of coupons) expect(coupon.code).toMatch(CODE);
    expect(new Set(coupons.map((coupon) => coupon.code)).size).toBe(40);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/corporate/coupon-batches', headers: payee })
    ).json<CouponBatchListResponse>();
    expect(list.maxDiscountPercent).toBe(15);
    expect(list.items.map((item) => item.id)).toContain(created.batch.id);
  });

  it('a bigger discount or quantity waits for staff; ADMIN approves (coupons drawn) or refuses with a reason', async () => {
    const tooRich = await requestBatch({ label: 'VIP', discountPercent: 16 });
    const tooMany = await requestBatch({ label: 'Весь холдинг', quantity: 101 });
    for (const response of [tooRich, tooMany]) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<CouponBatchCreateResponse>()).toMatchObject({
        batch: { status: 'PENDING' },
        message: PARTNER_MESSAGES.couponBatchPending,
      });
    }
    const rich = tooRich.json<CouponBatchCreateResponse>().batch;
    const many = tooMany.json<CouponBatchCreateResponse>().batch;
    expect(await couponsOf(rich.id)).toEqual([]);

    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-program/coupon-batches?status=PENDING',
      headers: admin,
    });
    expect(pending.json<CouponBatchStaffListResponse>().items.map((item) => item.id)).toEqual(
      expect.arrayContaining([rich.id, many.id]),
    );
    expect(pending.json<CouponBatchStaffListResponse>().items[0]!.partnerEmail).toBe(DEMO.payee[0]);

    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-program/coupon-batches/${many.id}/approve`,
      headers: admin,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await couponsOf(many.id)).length).toBe(101);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-program/coupon-batches/${many.id}/approve`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponBatchNotPending);

    const noReason = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-program/coupon-batches/${rich.id}/refuse`,
      headers: admin,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const refuse = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-program/coupon-batches/${rich.id}/refuse`,
      headers: admin,
      payload: { reason: 'Скидка выше согласованной' },
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    expect(refuse.json()).toMatchObject({ status: 'REFUSED', refusalReason: 'Скидка выше согласованной' });
    expect(await couponsOf(rich.id)).toEqual([]);
    const [audit] = await rows<{ action: string }>(
      ctx,
      `select action from audit_log where entity = 'coupon-batch' and entity_id = $1`,
      [rich.id],
    );
    expect(audit?.action).toBe('coupon-batch.refuse');
  });

  it('refuses a quantity out of 1–1000, an expiry in the past or beyond a year, and another partner’s campaign', async () => {
    for (const quantity of [0, 1001, 2.5]) {
      const response = await requestBatch({ quantity });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponQuantityInvalid);
    }
    for (const expiresOn of [
      moscowDate(moscowDayStart(moscowDate(now), -1)),
      moscowDate(moscowDayStart(moscowDate(now), 400)),
    ]) {
      const response = await requestBatch({ expiresOn });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponExpiryInvalid);
    }
    const unknown = await requestBatch({ campaignId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponCampaignNotFound);
  });

  it('a coupon (any case) gives its discount once, attributes the order to the partner (COUPON) and earns a commission when paid', async () => {
    const campaign = await createCampaign({ name: 'Ромашка: юристы', clientCompany: 'ООО «Ромашка»' });
    const batch = await approvedBatch({ label: 'Юристы', discountPercent: 10, campaignId: campaign.id });
    const [coupon] = await couponsOf(batch.id);
    const typed = ` ${coupon!.code.toLowerCase()} `;

    const check = await ctx.app.inject({
      method: 'GET',
      url: `/api/form-settings/promocode/validate?code=${encodeURIComponent(typed)}`,
    });
    expect(check.json()).toEqual({
      valid: true,
      code: coupon!.code,
      discountPercent: 10,
      message: formatMessage(PARTNER_MESSAGES.couponApplied, { percent: 10 }),
    });

    const placed = await order(typed, 'lawyer@romashka.example.ru');
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: string }>().id;
    const [stored] = await rows<{ promo_code: string; discount: string; promo_discount_percent: number }>(
      ctx,
      'select promo_code, discount, promo_discount_percent from orders where id = $1',
      [orderId],
    );
    expect(stored).toMatchObject({ promo_code: coupon!.code, promo_discount_percent: 10 });
    expect(Number(stored!.discount)).toBeGreaterThan(0);
    const [used] = await rows<{ order_id: string; discount_kopecks: string; used_at: Date | null }>(
      ctx,
      'select order_id, discount_kopecks, used_at from partner_coupons where code = $1',
      [coupon!.code],
    );
    expect(used!.order_id).toBe(orderId);
    expect(used!.used_at).not.toBeNull();
    expect(Number(used!.discount_kopecks)).toBe(Math.round(Number(stored!.discount) * 100));
    const [attribution] = await rows<{ partner_account_id: string; source: string; promo_code: string }>(
      ctx,
      'select partner_account_id, source, promo_code from order_attributions where order_id = $1',
      [orderId],
    );
    expect(attribution).toEqual({ partner_account_id: payeeId, source: 'COUPON', promo_code: coupon!.code });
    const [spent] = await rows<{ spent: string }>(
      ctx,
      'select spent_kopecks as spent from partner_coupon_campaigns where id = $1',
      [campaign.id],
    );
    expect(Number(spent!.spent)).toBe(Number(used!.discount_kopecks));

    // Single use: the second order is refused and stores nothing.
    const before = await orderCount();
    const second = await order(coupon!.code, 'other@example.ru');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      message: PARTNER_MESSAGES.couponUsed,
      details: [{ path: 'body.promoCode', message: PARTNER_MESSAGES.couponUsed }],
    });
    expect(await orderCount()).toBe(before);

    // Paid: the part 1 commission engine credits the partner.
    await payOnTestPage(ctx, { id: orderId }, 'lawyer@romashka.example.ru');
    const commissions = await rows<{ partner_account_id: string; kind: string }>(
      ctx,
      'select partner_account_id, kind from partner_commissions where order_id = $1',
      [orderId],
    );
    expect(commissions).toEqual([{ partner_account_id: payeeId, kind: 'ORDER' }]);

    // The CRM order timeline names the coupon and its campaign.
    const timeline = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/timeline`,
      headers: admin,
    });
    expect(timeline.json<OrderTimelineResponse>().items.map((item) => item.text)).toContain(
      `Купон ${coupon!.code} (пакет «Юристы») — кампания «Ромашка: юристы»`,
    );

    // The partner's analytics count it, per campaign and per batch.
    const analyticsResponse = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/corporate/analytics',
      headers: payee,
    });
    expect(analyticsResponse.statusCode, analyticsResponse.body).toBe(200);
    const analytics = analyticsResponse.json<CorporateAnalyticsResponse>();
    const perCampaign = analytics.campaigns.find((item) => item.campaignId === campaign.id)!;
    expect(perCampaign).toMatchObject({ issued: 3, used: 1, orders: 1, paidOrders: 1 });
    expect(perCampaign.revenueKopecks).toBeGreaterThan(0);
    expect(perCampaign.commissionKopecks).toBeGreaterThan(0);
    expect(analytics.batches.find((item) => item.batchId === batch.id)).toMatchObject({ used: 1, orders: 1 });
    expect(analytics.days.at(-1)!.used).toBeGreaterThanOrEqual(1);
    const campaigns = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/corporate/campaigns', headers: payee })
    ).json<CouponCampaignListResponse>();
    expect(campaigns.items.find((item) => item.id === campaign.id)).toMatchObject({
      batches: 1,
      couponsIssued: 3,
      couponsUsed: 1,
      remainingKopecks: null,
    });
  });

  it('refuses an expired coupon, one of a refused batch and one of a partner no longer ACTIVE, in Russian', async () => {
    const batch = await approvedBatch({ label: 'Короткий', expiresOn: moscowDate(now) });
    const [first, second, third] = await couponsOf(batch.id);
    const before = await orderCount();
    const saved = now;
    now = moscowDayStart(moscowDate(now), 1);
    try {
      const expired = await order(first!.code);
      expect(expired.statusCode).toBe(400);
      expect(expired.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponExpired);
    } finally {
      now = saved;
    }
    await rows(ctx, `update partner_coupon_batches set status = 'REFUSED' where id = $1`, [batch.id]);
    const refused = await order(second!.code);
    expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponInvalid);
    await rows(ctx, `update partner_coupon_batches set status = 'APPROVED' where id = $1`, [batch.id]);
    await setPartnerStatus(ctx, payeeId, 'SUSPENDED');
    try {
      const suspended = await order(third!.code);
      expect(suspended.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponInvalid);
    } finally {
      await setPartnerStatus(ctx, payeeId, 'ACTIVE');
    }
    const unknown = await order('ABCDEFGHJK');
    expect(unknown.json<{ message: string }>().message).toBe(MESSAGES.promoInvalid);
    expect(await orderCount()).toBe(before);
  });

  it('a campaign at its budget cap stops discounting: the coupon is refused and nothing is stored', async () => {
    const campaign = await createCampaign({ name: 'Конференция', budgetRub: 1 });
    expect(campaign).toMatchObject({ budgetKopecks: 100, spentKopecks: 0, remainingKopecks: 100 });
    const batch = await approvedBatch({ label: 'Участники', campaignId: campaign.id });
    const [coupon] = await couponsOf(batch.id);
    const before = await orderCount();
    const refused = await order(coupon!.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponBudgetExhausted);
    expect(await orderCount()).toBe(before);
    const [row] = await rows<{ used_at: Date | null }>(
      ctx,
      'select used_at from partner_coupons where code = $1',
      [coupon!.code],
    );
    expect(row!.used_at).toBeNull();
    // Without the coupon the customer orders at full price.
    expect((await order('')).statusCode).toBe(201);
  });

  it('the CSV of a batch lists codes with their use; the analytics CSV neutralises formulas', async () => {
    const campaign = await createCampaign({ name: '=HYPERLINK("http://evil")' });
    const batch = await approvedBatch({ label: '+cmd|calc', campaignId: campaign.id, quantity: 2 });
    const [coupon] = await couponsOf(batch.id);
    expect((await order(coupon!.code, 'csv@example.ru')).statusCode).toBe(201);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/corporate/coupon-batches/${batch.id}/export.csv`,
      headers: payee,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toBe('Код;Статус;Использован (МСК);Номер заказа');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(`^${coupon!.code};использован;\\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d;\\d+$`),
    );
    const analytics = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/corporate/analytics/export.csv',
      headers: payee,
    });
    expect(analytics.body).toContain(`"'=HYPERLINK(""http://evil"")";'+cmd|calc;2;1;1;0;`);
    // Another partner's batch is not found.
    const other = await ctx.partnerAuth(...DEMO.integrator);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/partner/corporate/coupon-batches/${batch.id}/coupons`,
          headers: other,
        })
      ).statusCode,
    ).toBe(403);
  });
});
