import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CorporateAnalyticsResponse,
  type CouponBatchCreateResponse,
  type CouponCampaign,
  type CouponCampaignListResponse,
  type CouponListResponse,
  formatMessage,
  moscowDate,
  moscowDayStart,
  PARTNER_MESSAGES,
  type PartnerLink,
  REFERRAL_COOKIE,
} from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { createPortalPartner, orderBody, rows } from '#test/portal-partners.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** Decision 069, the campaign part: a campaign groups batches and referral links; it is edited and archived. */
describe('corporate campaigns: links, edit, archive (decision 069)', () => {
  let ctx: TestContext;
  const now = new Date();
  let payee: { authorization: string };
  let other: { id: string; headers: { authorization: string } };
  const inAWeek = () => moscowDate(moscowDayStart(moscowDate(now), 7));

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    payee = await ctx.partnerAuth(...DEMO.payee);
    other = await createPortalPartner(ctx, 'other-corp@example.ru', 'ACTIVE', 'CORPORATE_REFERRAL');
  });
  afterAll(() => ctx.close());

  async function createCampaign(payload: Record<string, unknown>, who = payee): Promise<CouponCampaign> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/campaigns',
      headers: who,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CouponCampaign>();
  }
  async function createLink(name: string, who = payee): Promise<PartnerLink> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/links',
      headers: who,
      payload: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PartnerLink>();
  }
  const setLinks = (campaignId: string, linkIds: string[], who = payee) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/corporate/campaigns/${campaignId}/links`,
      headers: who,
      payload: { linkIds },
    });
  const edit = (campaignId: string, payload: Record<string, unknown>, who = payee) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/corporate/campaigns/${campaignId}`,
      headers: who,
      payload,
    });
  const archive = (campaignId: string, who = payee) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/partner/corporate/campaigns/${campaignId}/archive`,
      headers: who,
    });
  async function campaignOf(id: string): Promise<CouponCampaign> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/corporate/campaigns',
      headers: payee,
    });
    return response.json<CouponCampaignListResponse>().items.find((item) => item.id === id)!;
  }
  async function couponOf(campaignId: string): Promise<string> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/coupon-batches',
      headers: payee,
      payload: { label: 'Участники', quantity: 2, discountPercent: 10, expiresOn: inAWeek(), campaignId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { batch } = created.json<CouponBatchCreateResponse>();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/corporate/coupon-batches/${batch.id}/coupons`,
      headers: payee,
    });
    return list.json<CouponListResponse>().items[0]!.code;
  }
  async function order(payload: Record<string, unknown>, cookie?: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'user-agent': BROWSER, ...(cookie ? { cookie: `${REFERRAL_COOKIE}=${cookie}` } : {}) },
      payload: await orderBody(ctx, payload),
    });
  }
  async function clickOf(code: string): Promise<string> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/r/${code}`,
      headers: { 'user-agent': BROWSER },
    });
    const match = new RegExp(`${REFERRAL_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie']));
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('groups the partner’s own live links; another partner’s link or campaign is refused', async () => {
    const campaign = await createCampaign({ name: 'Ромашка', clientCompany: 'ООО «Ромашка»' });
    const first = await createLink('Рассылка Ромашки');
    const second = await createLink('Интранет Ромашки');
    const response = await setLinks(campaign.id, [first.id, second.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json<CouponCampaign>()
        .links.map((link) => link.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    // The set replaces the previous one: the second link is detached.
    const replaced = await setLinks(campaign.id, [first.id]);
    expect(replaced.json<CouponCampaign>().links.map((link) => link.id)).toEqual([first.id]);

    const foreignLink = await createLink('Чужая ссылка', other.headers);
    const refused = await setLinks(campaign.id, [first.id, foreignLink.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponLinkNotFound);
    expect((await campaignOf(campaign.id)).links.map((link) => link.id)).toEqual([first.id]);

    const foreignCampaign = await createCampaign({ name: 'Чужая' }, other.headers);
    const notOwn = await setLinks(foreignCampaign.id, [first.id]);
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponCampaignNotFound);
    expect((await edit(foreignCampaign.id, { name: 'Моя' })).statusCode).toBe(404);
    expect((await archive(foreignCampaign.id)).statusCode).toBe(404);
    const [stillNull] = await rows<{ campaign_id: string | null }>(
      ctx,
      'select campaign_id from partner_links where id = $1',
      [foreignLink.id],
    );
    expect(stillNull!.campaign_id).toBeNull();

    // An archived link is not offered any more.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/affiliate/links/${second.id}/archive`,
      headers: payee,
    });
    expect((await setLinks(campaign.id, [second.id])).statusCode).toBe(400);
  });

  it('the analytics count a paid order that came through a campaign link, next to the coupon orders, and the CSV', async () => {
    const campaign = await createCampaign({ name: 'Форум юристов' });
    const link = await createLink('Баннер форума');
    expect((await setLinks(campaign.id, [link.id])).statusCode).toBe(200);
    const placed = await order({ email: 'forum@example.ru' }, await clickOf(link.code));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: string }>().id;
    const [attribution] = await rows<{ source: string }>(
      ctx,
      'select source from order_attributions where order_id = $1',
      [orderId],
    );
    expect(attribution!.source).toBe('LINK');
    await payOnTestPage(ctx, { id: orderId }, 'forum@example.ru');

    const analytics = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/corporate/analytics', headers: payee })
    ).json<CorporateAnalyticsResponse>();
    const entry = analytics.campaigns.find((item) => item.campaignId === campaign.id);
    expect(entry).toMatchObject({ name: 'Форум юристов', orders: 0, linkOrders: 1, linkPaidOrders: 1 });
    expect(entry!.linkRevenueKopecks).toBeGreaterThan(0);
    expect(entry!.linkCommissionKopecks).toBeGreaterThan(0);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/corporate/analytics/export.csv',
      headers: payee,
    });
    expect(csv.body).toContain('Заказы по ссылкам');
    expect(csv.body).toMatch(/Форум юристов;Ссылки кампании;;;;;;;;1;1;/);
  });

  it('a link order stays in the campaign the link had when it was placed; moving the link moves new orders only', async () => {
    const first = await createCampaign({ name: 'Весна' });
    const second = await createCampaign({ name: 'Лето' });
    const link = await createLink('Ссылка, что переезжает');
    expect((await setLinks(first.id, [link.id])).statusCode).toBe(200);
    const before = await order({ email: 'spring@example.ru' }, await clickOf(link.code));
    expect(before.statusCode, before.body).toBe(201);
    // Decision 076: the campaign is kept with the order's attribution.
    expect((await setLinks(second.id, [link.id])).statusCode).toBe(200);
    const after = await order({ email: 'summer@example.ru' }, await clickOf(link.code));
    expect(after.statusCode, after.body).toBe(201);

    const stored = await rows<{ order_id: string; campaign_id: string }>(
      ctx,
      'select order_id, campaign_id from order_attributions where order_id = any($1::uuid[])',
      [[before.json<{ id: string }>().id, after.json<{ id: string }>().id]],
    );
    expect(Object.fromEntries(stored.map((row) => [row.order_id, row.campaign_id]))).toEqual({
      [before.json<{ id: string }>().id]: first.id,
      [after.json<{ id: string }>().id]: second.id,
    });
    const analytics = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/corporate/analytics', headers: payee })
    ).json<CorporateAnalyticsResponse>();
    const linkOrdersOf = (id: string) =>
      analytics.campaigns.find((item) => item.campaignId === id)?.linkOrders;
    expect(linkOrdersOf(first.id)).toBe(1);
    expect(linkOrdersOf(second.id)).toBe(1);
  });

  it('edits a campaign; the budget may not go below what is spent', async () => {
    const campaign = await createCampaign({ name: 'Выставка', budgetRub: 100000 });
    const placed = await order({ promoCode: await couponOf(campaign.id), email: 'expo@example.ru' });
    expect(placed.statusCode, placed.body).toBe(201);
    const { spentKopecks } = await campaignOf(campaign.id);
    expect(spentKopecks).toBeGreaterThan(100);

    const below = await edit(campaign.id, { name: 'Выставка', budgetRub: (spentKopecks - 1) / 100 });
    expect(below.statusCode).toBe(400);
    expect(below.json<{ message: string }>().message).toBe(
      formatMessage(PARTNER_MESSAGES.couponBudgetBelowSpent, {
        spent: (spentKopecks / 100).toFixed(2).replace('.', ','),
      }),
    );
    expect((await campaignOf(campaign.id)).budgetKopecks).toBe(10_000_000);

    const edited = await edit(campaign.id, {
      name: 'Выставка 2027',
      clientCompany: 'АО «Экспо»',
      startsOn: moscowDate(now),
      endsOn: inAWeek(),
      budgetRub: spentKopecks / 100,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CouponCampaign>()).toMatchObject({
      name: 'Выставка 2027',
      clientCompany: 'АО «Экспо»',
      budgetKopecks: spentKopecks,
      remainingKopecks: 0,
      archivedAt: null,
    });
  });

  it('an archived campaign takes no batches, edits or links and its coupons stop discounting', async () => {
    const campaign = await createCampaign({ name: 'Корпоратив' });
    const code = await couponOf(campaign.id);
    const archived = await archive(campaign.id);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<CouponCampaign>().archivedAt).not.toBeNull();
    expect((await archive(campaign.id)).statusCode).toBe(409);

    const refused = await order({ promoCode: code, email: 'party@example.ru' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponCampaignInactive);

    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/corporate/coupon-batches',
      headers: payee,
      payload: {
        label: 'Ещё',
        quantity: 1,
        discountPercent: 5,
        expiresOn: inAWeek(),
        campaignId: campaign.id,
      },
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponCampaignArchived);
    const edited = await edit(campaign.id, { name: 'Другое' });
    expect(edited.statusCode).toBe(409);
    expect(edited.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.couponCampaignArchived);
    expect((await setLinks(campaign.id, [])).statusCode).toBe(409);
  });
});
