import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AffiliateAnalyticsResponse,
  type ClickLogResponse,
  MESSAGES,
  moscowDate,
  moscowDayStart,
  PARTNER_MESSAGES,
  type PartnerDashboardResponse,
  type PartnerLink,
  type PartnerLinkListResponse,
  type PartnerPromoCodeListResponse,
  REFERRAL_COOKIE,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { createPortalPartner, orderBody, rows, setPartnerStatus } from '#test/portal-partners.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('referral links, the redirect and attribution (decision 061)', () => {
  let ctx: TestContext;
  let now = new Date();
  let alice: { id: string; headers: { authorization: string } };
  let bob: { id: string; headers: { authorization: string } };

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    alice = await createPortalPartner(ctx, 'alice@partners.example.ru');
    bob = await createPortalPartner(ctx, 'bob@partners.example.ru');
  });
  afterAll(() => ctx.close());

  async function createLink(
    who: { headers: { authorization: string } },
    payload: Record<string, unknown> = { name: 'Блог' },
  ): Promise<PartnerLink> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/links',
      headers: who.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PartnerLink>();
  }

  async function visit(code: string, headers: Record<string, string> = {}, query = '') {
    return ctx.app.inject({
      method: 'GET',
      url: `/r/${code}${query}`,
      headers: { 'user-agent': BROWSER, ...headers },
    });
  }

  const clickCount = async () =>
    (await rows<{ n: number }>(ctx, 'select count(*)::int as n from partner_clicks'))[0]!.n;

  /** The click id of a redirect's cookie. */
  function cookieOf(response: { headers: Record<string, unknown> }): string {
    const header = String(response.headers['set-cookie'] ?? '');
    const match = new RegExp(`${REFERRAL_COOKIE}=([^;]+)`).exec(header);
    expect(match, header).not.toBeNull();
    return match![1]!;
  }

  async function placeOrder(cookie: string | null, overrides: Record<string, unknown> = {}) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: {
        'user-agent': BROWSER,
        ...(cookie ? { cookie: `${REFERRAL_COOKIE}=${cookie}; other=1` } : {}),
      },
      payload: await orderBody(ctx, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json<{ id: string }>().id;
    const [attribution] = await rows<Record<string, string | null>>(
      ctx,
      'select partner_account_id, source, click_id, promo_code, sub_id, ip_hash, device_hash from order_attributions where order_id = $1',
      [orderId],
    );
    return { orderId, attribution };
  }

  it('creates a link with a random URL-safe code and lists it with its counts', async () => {
    const link = await createLink(alice, {
      name: '  Телеграм-канал ',
      targetPath: '/order/step-1?utm_source=tg',
    });
    expect(link.code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(link.url).toBe(`http://localhost:3000/r/${link.code}`);
    expect(link).toMatchObject({
      name: 'Телеграм-канал',
      targetPath: '/order/step-1?utm_source=tg',
      clicks: 0,
    });
    const defaulted = await createLink(alice, { name: 'Главная' });
    expect(defaulted.targetPath).toBe('/');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/links',
      headers: alice.headers,
    });
    expect(list.json<PartnerLinkListResponse>().items.map((item) => item.id)).toEqual(
      expect.arrayContaining([link.id, defaulted.id]),
    );
    // Another partner does not see them.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/links',
      headers: bob.headers,
    });
    expect(other.json<PartnerLinkListResponse>().items).toEqual([]);
  });

  it('refuses a target that is not a path on our site, a control character and an overlong name', async () => {
    for (const targetPath of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'order',
      '/a b',
      `/${'a'.repeat(600)}`,
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/affiliate/links',
        headers: alice.headers,
        payload: { name: 'x', targetPath },
      });
      expect(response.statusCode, targetPath).toBe(400);
      expect(JSON.stringify(response.json())).toContain(PARTNER_MESSAGES.referralTargetInvalid);
    }
    const control = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/links',
      headers: alice.headers,
      payload: { name: 'a\u0000b' },
    });
    expect(control.statusCode).toBe(400);
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/links',
      headers: alice.headers,
      payload: { name: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(PARTNER_MESSAGES.referralLinkNameTooLong);
  });

  it('redirects a visitor to the target, logs the click and sets the cookie; the code is case-insensitive', async () => {
    const link = await createLink(alice, { name: 'Сайт', targetPath: '/order/step-1' });
    const before = await clickCount();
    const response = await visit(
      link.code.toLowerCase(),
      { referer: 'https://blog.example/post' },
      '?sub=tg_post-1',
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/order/step-1');
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^${REFERRAL_COOKIE}=[0-9a-f-]{36}; Max-Age=${30 * 86400}; Path=/; HttpOnly; SameSite=Lax$`),
    );
    expect(await clickCount()).toBe(before + 1);
    const [click] = await rows<Record<string, string>>(ctx, 'select * from partner_clicks where id = $1', [
      cookieOf(response),
    ]);
    expect(click).toMatchObject({
      link_id: link.id,
      partner_account_id: alice.id,
      sub_id: 'tg_post-1',
      referrer: 'https://blog.example/post',
      user_agent: BROWSER,
      ip_truncated: '127.0.0.0',
    });
    expect(click!.ip_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('a Secure cookie when the site is https', async () => {
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://perevod.example' } });
    try {
      const partner = await createPortalPartner(secure, 'secure@partners.example.ru');
      const link = (
        await secure.app.inject({
          method: 'POST',
          url: '/api/partner/affiliate/links',
          headers: partner.headers,
          payload: { name: 'x' },
        })
      ).json<PartnerLink>();
      expect(link.url).toBe(`https://perevod.example/r/${link.code}`);
      const response = await secure.app.inject({
        method: 'GET',
        url: `/r/${link.code}`,
        headers: { 'user-agent': BROWSER },
      });
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('a bot is redirected without a click or cookie', async () => {
    const link = await createLink(alice, { name: 'Бот', targetPath: '/about' });
    const before = await clickCount();
    for (const agent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'TelegramBot (like TwitterBot)',
      'curl/8.0',
    ]) {
      const response = await visit(link.code, { 'user-agent': agent });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/about');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await clickCount()).toBe(before);
  });

  it('an unknown or archived code, or a partner who is not ACTIVE, goes to «/» and stores nothing', async () => {
    const link = await createLink(bob, { name: 'Архив', targetPath: '/prices' });
    const archived = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/affiliate/links/${link.id}/archive`,
      headers: bob.headers,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<PartnerLink>().archivedAt).not.toBeNull();
    // Someone else's link cannot be archived (404, not a 403 that would confirm it exists).
    const foreign = await createLink(alice, { name: 'Чужая' });
    const denied = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/affiliate/links/${foreign.id}/archive`,
      headers: bob.headers,
    });
    expect(denied.statusCode).toBe(404);

    const suspended = await createPortalPartner(ctx, 'suspended@partners.example.ru');
    const suspendedLink = await createLink(suspended, { name: 'x', targetPath: '/prices' });
    await setPartnerStatus(ctx, suspended.id, 'SUSPENDED');

    const before = await clickCount();
    for (const code of [link.code, 'NoSuchCode', suspendedLink.code, 'bad%20code', 'x'.repeat(60)]) {
      const response = await visit(code);
      expect(response.statusCode, code).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await clickCount()).toBe(before);
  });

  it('never redirects off the site, whatever the stored target or the query says', async () => {
    const link = await createLink(alice, { name: 'Цель' });
    // A target that slipped into the table by hand is not followed.
    await ctx.database.sql.executeSql('update partner_links set target_path = $1 where id = $2', [
      '//evil.example',
      link.id,
    ]);
    const response = await visit(link.code, {}, '?next=https://evil.example&sub=a');
    expect(response.headers.location).toBe('/');
    const proper = await createLink(alice, { name: 'Цель 2', targetPath: '/order' });
    const withQuery = await visit(proper.code, {}, '?redirect=//evil.example&sub=x');
    expect(withQuery.headers.location).toBe('/order');
  });

  it('strips control characters from the user agent and referrer, bounds them, and drops a malformed sub-id', async () => {
    const link = await createLink(alice, { name: 'Грязь' });
    const response = await visit(
      link.code,
      { 'user-agent': `${BROWSER}\u0007${'x'.repeat(1000)}`, referer: 'https://a.example/\u0001p' },
      `?sub=${encodeURIComponent('<script>')}`,
    );
    expect(response.statusCode).toBe(302);
    const [click] = await rows<Record<string, string | null>>(
      ctx,
      'select * from partner_clicks where id = $1',
      [cookieOf(response)],
    );
    expect(click!.user_agent).toHaveLength(500);
    expect(click!.user_agent).not.toContain('\u0007');
    expect(click!.referrer).toBe('https://a.example/p');
    expect(click!.sub_id).toBeNull();
    // A control character in the query is refused by the one input guard (decision 021): nothing stored.
    const before = await clickCount();
    const refused = await visit(link.code, {}, '?sub=%00');
    expect(refused.statusCode).toBe(400);
    expect(await clickCount()).toBe(before);
  });

  it('attributes an order to the cookie’s click, with its sub-id and hashes', async () => {
    const link = await createLink(alice, { name: 'Заказы' });
    const clickId = cookieOf(await visit(link.code, {}, '?sub=stories'));
    const { attribution } = await placeOrder(clickId);
    expect(attribution).toMatchObject({
      partner_account_id: alice.id,
      source: 'LINK',
      click_id: clickId,
      sub_id: 'stories',
      promo_code: null,
    });
    expect(attribution!.ip_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(attribution!.device_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/links',
      headers: alice.headers,
    });
    expect(list.json<PartnerLinkListResponse>().items.find((item) => item.id === link.id)).toMatchObject({
      clicks: 1,
      orders: 1,
      paidOrders: 0,
    });
  });

  it('the last click wins: the cookie holds the newest click', async () => {
    const aliceLink = await createLink(alice, { name: 'A' });
    const bobLink = await createLink(bob, { name: 'B' });
    cookieOf(await visit(aliceLink.code));
    const last = cookieOf(await visit(bobLink.code));
    const { attribution } = await placeOrder(last);
    expect(attribution).toMatchObject({ partner_account_id: bob.id, source: 'LINK', click_id: last });
  });

  it('a click outside the attribution window, of a partner no longer ACTIVE, or a forged cookie attributes nothing', async () => {
    const link = await createLink(bob, { name: 'Окно' });
    const clickId = cookieOf(await visit(link.code));
    now = new Date(Date.now() + 31 * 86_400_000);
    try {
      expect((await placeOrder(clickId)).attribution).toBeUndefined();
    } finally {
      now = new Date();
    }
    now = new Date(Date.now() + 29 * 86_400_000);
    try {
      expect((await placeOrder(clickId)).attribution).toMatchObject({ partner_account_id: bob.id });
    } finally {
      now = new Date();
    }

    const gone = await createPortalPartner(ctx, 'gone@partners.example.ru');
    const goneClick = cookieOf(await visit((await createLink(gone, { name: 'x' })).code));
    await setPartnerStatus(ctx, gone.id, 'BANNED');
    expect((await placeOrder(goneClick)).attribution).toBeUndefined();

    expect((await placeOrder('00000000-0000-4000-8000-000000000000')).attribution).toBeUndefined();
    expect((await placeOrder('not-a-uuid')).attribution).toBeUndefined();
  });

  it('a partner’s promo code beats a link; the form’s partnerId counts only alone', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/promocodes',
      headers: alice.headers,
      payload: { code: 'alice10', discountPercent: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bobClick = cookieOf(await visit((await createLink(bob, { name: 'Промо' })).code));

    const promoAndLink = await placeOrder(bobClick, { promoCode: 'ALICE10' });
    expect(promoAndLink.attribution).toMatchObject({
      partner_account_id: alice.id,
      source: 'PROMO_CODE',
      promo_code: 'ALICE10',
      click_id: null,
    });

    const linkAndPartnerId = await placeOrder(bobClick, { partnerId: alice.id });
    expect(linkAndPartnerId.attribution).toMatchObject({ partner_account_id: bob.id, source: 'LINK' });

    const alone = await placeOrder(null, { partnerId: alice.id });
    expect(alone.attribution).toMatchObject({
      partner_account_id: alice.id,
      source: 'PARTNER_ID',
      click_id: null,
    });

    // A plain order has no attribution.
    expect((await placeOrder(null)).attribution).toBeUndefined();
  });

  it('a code of a partner who is not ACTIVE stops working with the usual message', async () => {
    const carol = await createPortalPartner(ctx, 'carol@partners.example.ru');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/promocodes',
      headers: carol.headers,
      payload: { code: 'CAROL5', discountPercent: 5 },
    });
    expect(created.statusCode).toBe(201);
    await setPartnerStatus(ctx, carol.id, 'SUSPENDED');
    const validate = await ctx.app.inject({
      method: 'GET',
      url: '/api/form-settings/promocode/validate?code=CAROL5',
    });
    expect(JSON.stringify(validate.json())).toContain(MESSAGES.promoInvalid);
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderBody(ctx, { promoCode: 'CAROL5' }),
    });
    expect(order.statusCode).toBe(400);
    expect(JSON.stringify(order.json())).toContain(MESSAGES.promoInvalid);
    // A suspended partner cannot create codes either.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/promocodes',
      headers: carol.headers,
      payload: { code: 'CAROL6', discountPercent: 5 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('partner promo codes: the discount limit, a taken code is a 409, the list shows uses and orders', async () => {
    const tooHigh = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/promocodes',
      headers: bob.headers,
      payload: { code: 'BOB16', discountPercent: 16 },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json<{ message: string }>().message).toBe('Скидка по промокоду партнёра — не больше 15 %');
    const badFormat = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/promocodes',
      headers: bob.headers,
      payload: { code: 'не код', discountPercent: 5 },
    });
    expect(badFormat.statusCode).toBe(400);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/affiliate/promocodes',
      headers: bob.headers,
      payload: { code: 'bob15', discountPercent: 15 },
    });
    expect(ok.statusCode).toBe(201);
    for (const code of ['BOB15', 'ALICE10']) {
      const taken = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/affiliate/promocodes',
        headers: bob.headers,
        payload: { code, discountPercent: 5 },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.partnerPromoCodeTaken);
    }
    await placeOrder(null, { promoCode: 'BOB15' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/promocodes',
      headers: bob.headers,
    });
    expect(list.json<PartnerPromoCodeListResponse>()).toEqual({
      maxDiscountPercent: 15,
      items: [
        expect.objectContaining({
          code: 'BOB15',
          discountPercent: 15,
          usedCount: 1,
          orders: 1,
          status: 'ACTIVE',
          createdBy: 'PARTNER',
        }),
      ],
    });
  });

  it('staff give an existing code to a portal partner; orders with it are then the partner’s', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const promo = await ctx.app.inject({
      method: 'POST',
      url: '/api/form-settings/promocode',
      headers: admin,
      payload: { code: 'STAFF7', discountPercent: 7 },
    });
    expect(promo.statusCode, promo.body).toBeLessThan(300);
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/form-settings/promocode/staff7/partner',
      headers: admin,
      payload: { partnerAccountId: bob.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/form-settings/promocode/partners',
      headers: admin,
    });
    expect(list.json<{ assignments: unknown[] }>().assignments).toContainEqual({
      code: 'STAFF7',
      partnerAccountId: bob.id,
      partnerName: 'Партнёр bob@partners.example.ru',
    });
    expect((await placeOrder(null, { promoCode: 'STAFF7' })).attribution).toMatchObject({
      partner_account_id: bob.id,
      source: 'PROMO_CODE',
    });
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/form-settings/promocode/NOPE99/partner',
      headers: admin,
      payload: { partnerAccountId: bob.id },
    });
    expect(missing.statusCode).toBe(404);
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: '/api/form-settings/promocode/STAFF7/partner',
      headers: admin,
      payload: { partnerAccountId: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await placeOrder(null, { promoCode: 'STAFF7' })).attribution).toBeUndefined();
  });

  it('click logs: the partner’s own clicks, newest first, paged by cursor, filtered; CSV with safe cells', async () => {
    const dave = await createPortalPartner(ctx, 'dave@partners.example.ru');
    const first = await createLink(dave, { name: '=HYPERLINK("x")' });
    const second = await createLink(dave, { name: 'Вторая' });
    for (let i = 0; i < 5; i += 1) await visit(first.code, {}, '?sub=a');
    for (let i = 0; i < 2; i += 1) await visit(second.code, { referer: '+cmd|calc' }, '?sub=b');
    const page = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/partner/affiliate/click-logs?${query}`,
        headers: dave.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ClickLogResponse>();
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const result = await page(`limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await page(`linkId=${second.id}`)).items).toHaveLength(2);
    expect((await page('subId=a')).items).toHaveLength(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`from=2000-01-01&to=2000-01-02`)).items).toHaveLength(0);
    expect((await page(`from=${today}`)).items.length).toBeGreaterThan(0);
    // Alice's clicks are not Dave's.
    expect((await page('limit=100')).items.every((item) => [first.id, second.id].includes(item.linkId))).toBe(
      true,
    );
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/click-logs?cursor=nonsense',
      headers: dave.headers,
    });
    expect(bad.statusCode).toBe(400);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/click-logs/export.csv?subId=b',
      headers: dave.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Дата и время (МСК);Ссылка;Код;Sub-ID;IP (усечённый);Браузер;Источник перехода;Заказ',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Вторая;${second.code};b;127.0.0.0;`);
    expect(lines[1]).toContain(";'+cmd|calc;нет");
    expect(lines[1]).toMatch(/^\d{2}\.\d{2}\.\d{4}/);
    const formula = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/click-logs/export.csv?subId=a',
      headers: dave.headers,
    });
    expect(formula.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('analytics and the dashboard: clicks → orders → paid → commission, by day, link and sub-id', async () => {
    const erin = await createPortalPartner(ctx, 'erin@partners.example.ru');
    const emptyDashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/dashboard',
      headers: erin.headers,
    });
    expect(emptyDashboard.json<PartnerDashboardResponse>()).toMatchObject({
      clicks: 0,
      orders: 0,
      firstStep: 'LINK',
      balanceKopecks: 0,
    });

    const link = await createLink(erin, { name: 'Аналитика' });
    const clicks = [] as string[];
    for (let i = 0; i < 4; i += 1) clicks.push(cookieOf(await visit(link.code, {}, '?sub=yt')));
    const { orderId } = await placeOrder(clicks[0]!);
    const { orderId: second } = await placeOrder(clicks[1]!);
    await ctx.database.sql.executeSql('update orders set paid_at = now() where id = $1', [orderId]);
    // Commissions are the money part's rows: inserted here directly.
    await ctx.database.sql.executeSql(
      `insert into partner_commissions (partner_account_id, kind, order_id, status, amount_kopecks, original_amount_kopecks)
       values ($1, 'ORDER', $2, 'APPROVED', 15000, 15000), ($1, 'ORDER', $3, 'PENDING', 5000, 5000),
              ($1, 'CLAWBACK', null, 'APPROVED', -20000, -20000), ($1, 'ADJUSTMENT', null, 'PAID', 7000, 7000)`,
      [erin.id, orderId, second],
    );
    const analytics = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/affiliate/analytics', headers: erin.headers })
    ).json<AffiliateAnalyticsResponse>();
    expect(analytics.totals).toEqual({ clicks: 4, orders: 2, paidOrders: 1, commissionKopecks: 20000 });
    expect(analytics.days).toHaveLength(30);
    expect(analytics.days.at(-1)).toMatchObject({ clicks: 4, orders: 2, paidOrders: 1 });
    expect(analytics.links).toEqual([
      {
        linkId: link.id,
        name: 'Аналитика',
        code: link.code,
        clicks: 4,
        orders: 2,
        paidOrders: 1,
        commissionKopecks: 20000,
      },
    ]);
    expect(analytics.subIds).toEqual([
      { subId: 'yt', clicks: 4, orders: 2, paidOrders: 1, commissionKopecks: 20000 },
    ]);
    const reversed = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/analytics?from=2026-02-01&to=2025-01-01',
      headers: erin.headers,
    });
    expect(reversed.statusCode).toBe(400);
    const tooLong = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/affiliate/analytics?from=2020-01-01&to=2025-01-01',
      headers: erin.headers,
    });
    expect(tooLong.statusCode).toBe(400);

    const dashboard = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/dashboard', headers: erin.headers })
    ).json<PartnerDashboardResponse>();
    expect(dashboard).toMatchObject({
      clicks: 4,
      orders: 2,
      conversionPercent: 50,
      pendingKopecks: 5000,
      approvedKopecks: -5000,
      paidKopecks: 7000,
      balanceKopecks: -5000,
      firstStep: null,
    });
    expect(dashboard.days.at(-1)).toMatchObject({ clicks: 4, orders: 2 });
  });

  it("the dashboard's first step is each partner type's own, until it is taken (decision 102)", async () => {
    const firstStep = async (headers: { authorization: string }) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/partner/dashboard', headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PartnerDashboardResponse>().firstStep;
    };
    const post = async (
      headers: { authorization: string },
      url: string,
      payload: Record<string, unknown>,
    ) => {
      const response = await ctx.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Record<string, unknown>>();
    };

    const partnerOf = (type: 'CORPORATE_REFERRAL' | 'INTEGRATOR') =>
      createPortalPartner(ctx, `first-${type.toLowerCase()}@partners.example.ru`, 'ACTIVE', type);
    // A corporate partner: a referral link is not its first step, a coupon batch is.
    const corporate = await partnerOf('CORPORATE_REFERRAL');
    expect(await firstStep(corporate.headers)).toBe('COUPON_BATCH');
    await createLink(corporate, { name: 'Сайт' });
    expect(await firstStep(corporate.headers)).toBe('COUPON_BATCH');
    await post(corporate.headers, '/api/partner/corporate/coupon-batches', {
      label: 'Сотрудники',
      quantity: 3,
      discountPercent: 5,
      expiresOn: moscowDate(moscowDayStart(moscowDate(now), 7)),
    });
    expect(await firstStep(corporate.headers)).toBeNull();

    // An integrator: an API key or a widget; a revoked key no longer counts.
    const integrator = await partnerOf('INTEGRATOR');
    expect(await firstStep(integrator.headers)).toBe('INTEGRATION');
    const created = await post(integrator.headers, '/api/partner/integrator/api-keys', {
      name: 'CRM',
      scopes: ['quote'],
    });
    expect(await firstStep(integrator.headers)).toBeNull();
    const keyId = (created.key as { id: string }).id;
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/integrator/api-keys/${keyId}/revoke`,
      headers: integrator.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await firstStep(integrator.headers)).toBe('INTEGRATION');
    await post(integrator.headers, '/api/partner/integrator/widgets', {
      name: 'Калькулятор',
      allowedDomains: ['partner-site.ru'],
      theme: {},
    });
    expect(await firstStep(integrator.headers)).toBeNull();
  });
});
