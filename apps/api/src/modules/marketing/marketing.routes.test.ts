import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormParamsResponse,
  MarketingCampaign,
  MarketingCampaignsResponse,
  MarketingDashboardResponse,
  MarketingEventsResponse,
  MarketingSourcesResponse,
  MarketingUtmLink,
  MarketingUtmLinksResponse,
  OrderSummary,
  StaffOrderListItem,
} from '@app/contracts';
import { MARKETING_MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';

// A period no seeded order reaches: 10–11 May 2031 in Moscow; the previous period is 8–9 May.
let now = new Date('2031-05-10T07:00:00Z');
const PERIOD = 'from=2031-05-10&to=2031-05-11';

describe('marketing reports', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let partner: { authorization: string };
  let customer: { authorization: string };
  let params: FormParamsResponse;

  const spring = { utmSource: 'yandex', utmMedium: 'cpc', utmCampaign: 'spring', acquisitionChannel: 'paid' };
  const createOrder = async (email: string, at: string, attribution: Record<string, string> = {}) => {
    now = new Date(at);
    const passport = params.documents.find((item) => item.type === 'passport')!;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Анна Маркова',
        email,
        phoneNumber: '+79161112277',
        documentsWithQuantity: [{ documentId: passport.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
        ...attribution,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OrderSummary>();
  };
  const session = (
    id: string,
    at: string,
    fields: Partial<
      Record<'visitor' | 'channel' | 'source' | 'medium' | 'campaign' | 'device' | 'browser', string>
    >,
    internal = false,
  ) =>
    ctx.database.sql.executeSql(
      `insert into analytics_sessions
         (session_id, visitor_id, channel, utm_source, utm_medium, utm_campaign, device_type, browser_name,
          is_internal, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
        id,
        fields.visitor ?? null,
        fields.channel ?? null,
        fields.source ?? null,
        fields.medium ?? null,
        fields.campaign ?? null,
        fields.device ?? null,
        fields.browser ?? null,
        internal,
        at,
      ],
    );
  const event = (sessionId: string, at: string, type: string, page: string, conversion = false) =>
    ctx.database.sql.executeSql(
      `insert into analytics_events (session_id, event_type, event_category, event_action, page_path,
         is_conversion, created_at) values ($1, $2, 'ui', 'view', $3, $4, $5)`,
      [sessionId, type, page, conversion, at],
    );
  const get = async <T>(url: string, headers = manager) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const csv = async (report: string, query = PERIOD) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/reports/${report}/export.csv?${query}`,
      headers: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    return response.body
      .slice(1)
      .trimEnd()
      .split('\n')
      .map((line) => line.split(';'));
  };
  const orderList = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order?${query}&limit=100`,
      headers: manager,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: StaffOrderListItem[]; nextCursor?: string }>();
    expect(page.nextCursor).toBeUndefined();
    return page.items;
  };

  let campaign: MarketingCampaign;

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    partner = await ctx.staffAuth(...DEMO.partner);
    customer = await ctx.customerAuth(DEMO.customer);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();

    // Sessions: a visitor with two sessions from the spring campaign, an organic one, an internal one (left out)
    // and one in the previous period.
    await session('s-spring-1', '2031-05-10T08:00:00Z', {
      visitor: 'v1',
      channel: 'paid',
      ...{ source: 'yandex', medium: 'cpc', campaign: 'spring' },
      device: 'mobile',
      browser: 'Chrome',
    });
    await session('s-spring-2', '2031-05-11T08:00:00Z', {
      visitor: 'v1',
      channel: 'paid',
      ...{ source: 'yandex', medium: 'cpc', campaign: 'spring' },
      device: 'desktop',
      browser: 'Firefox',
    });
    await session('s-organic', '2031-05-10T09:00:00Z', {
      visitor: 'v2',
      channel: 'organic',
      device: 'mobile',
    });
    await session('s-internal', '2031-05-10T09:30:00Z', { visitor: 'v9', channel: 'paid' }, true);
    await session('s-before', '2031-05-08T09:00:00Z', { visitor: 'v3', channel: 'paid' });
    await event('s-spring-1', '2031-05-10T08:00:01Z', 'page_view', '/');
    await event('s-spring-1', '2031-05-10T08:01:00Z', 'page_view', '/order/step-1');
    await event('s-spring-1', '2031-05-10T08:02:00Z', 'form_submit', '/order/step-1', true);
    await event('s-organic', '2031-05-10T09:00:01Z', 'page_view', '/');
    await event('s-internal', '2031-05-10T09:30:01Z', 'page_view', '/internal');

    // Orders: an earlier paid order makes b@ a returning customer; in the period a new customer pays (spring),
    // b@ pays again (organic), an unpaid spring order, a test e-mail's paid order (left out); one paid order
    // in the previous period.
    const earlier = await createOrder('b@example.ru', '2031-04-01T09:00:00Z');
    await payOnTestPage(ctx, earlier, 'b@example.ru');
    const first = await createOrder('a@example.ru', '2031-05-10T08:05:00Z', spring);
    await payOnTestPage(ctx, first, 'a@example.ru');
    const repeat = await createOrder('b@example.ru', '2031-05-10T10:00:00Z', {
      acquisitionChannel: 'organic',
    });
    await payOnTestPage(ctx, repeat, 'b@example.ru');
    await createOrder('c@example.ru', '2031-05-11T08:05:00Z', spring);
    const test = await createOrder('qa@example.ru', '2031-05-11T09:00:00Z', spring);
    await payOnTestPage(ctx, test, 'qa@example.ru');
    await ctx.database.sql.executeSql(
      `update analytics_config set test_emails = '["QA@example.ru"]'::jsonb`,
      [],
    );
    const before = await createOrder('d@example.ru', '2031-05-08T10:00:00Z', spring);
    await payOnTestPage(ctx, before, 'd@example.ru');

    // The spring campaign spent 3 000 ₽ over 30 days of May (1–30): 100 ₽ a day.
    now = new Date('2031-05-12T07:00:00Z');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/campaigns',
      headers: manager,
      payload: { name: 'Весна', utmCampaign: 'Spring', utmSource: 'yandex', channel: 'paid' },
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json<MarketingCampaign>();
    const spend = await ctx.app.inject({
      method: 'POST',
      url: `/api/marketing/campaigns/${campaign.id}/spend`,
      headers: manager,
      payload: { periodStart: '2031-05-01', periodEnd: '2031-05-30', amount: 3000 },
    });
    expect(spend.statusCode, spend.body).toBe(201);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('answers 403 to a partner and a customer, 401 to nobody', async () => {
    const urls = [
      `/api/marketing/reports/dashboard?${PERIOD}`,
      `/api/marketing/reports/sources?${PERIOD}`,
      `/api/marketing/reports/events?${PERIOD}`,
      `/api/marketing/reports/sources/export.csv?${PERIOD}`,
      `/api/marketing/campaigns?${PERIOD}`,
      `/api/marketing/utm-links?${PERIOD}`,
    ];
    for (const url of urls) {
      for (const headers of [partner, customer]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(403);
      }
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/campaigns',
      headers: partner,
      payload: { name: 'x', utmCampaign: 'x' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('refuses a wrong period and unknown report with 400', async () => {
    for (const query of [
      'from=2031-05-11&to=2031-05-10',
      'from=2031-05-10',
      'from=2020-01-01&to=2031-01-01',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/marketing/reports/dashboard?${query}`,
        headers: manager,
      });
      expect(response.statusCode, query).toBe(400);
    }
    const reversed = await ctx.app.inject({
      method: 'GET',
      url: '/api/marketing/reports/dashboard?from=2031-05-11&to=2031-05-10',
      headers: manager,
    });
    expect(
      reversed.json<{ message: string; details: Array<{ message: string }> }>().details[0]!.message,
    ).toBe(MARKETING_MESSAGES.reportPeriodInvalid);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/reports/orders/export.csv?${PERIOD}`,
      headers: manager,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('dashboard totals reconcile with the orders list; channels add up; comparison period', async () => {
    const report = await get<MarketingDashboardResponse>(
      `/api/marketing/reports/dashboard?${PERIOD}&compare=true`,
    );
    const listed = (await orderList('dateFrom=2031-05-10&dateTo=2031-05-11')).filter(
      (order) => order.email !== 'qa@example.ru',
    );
    const paid = listed.filter((order) => order.isPaid && order.status !== 'CANCELED');
    expect(report.totals.orders).toBe(listed.length);
    expect(report.totals.orders).toBe(3);
    expect(report.totals.paidOrders).toBe(paid.length);
    expect(report.totals.revenue).toBeCloseTo(
      paid.reduce((sum, order) => sum + order.amount, 0),
      2,
    );
    expect(report.totals.sessions).toBe(3);
    expect(report.totals.visitors).toBe(2);
    expect(report.totals.conversion).toBe(100);
    expect(report.totals.newCustomers).toBe(1);
    expect(report.totals.spend).toBe(200);
    expect(report.totals.cac).toBe(200);
    expect(report.totals.romi).toBeCloseTo(((report.totals.margin - 200) / 200) * 100, 1);

    const sum = (key: 'orders' | 'sessions' | 'revenue' | 'margin' | 'spend') =>
      report.byChannel.reduce((total, row) => total + row[key], 0);
    for (const key of ['orders', 'sessions', 'revenue', 'margin', 'spend'] as const)
      expect(sum(key)).toBeCloseTo(report.totals[key], 2);
    const paidChannel = report.byChannel.find((row) => row.channel === 'paid')!;
    expect(paidChannel).toMatchObject({ sessions: 2, visitors: 1, orders: 2, paidOrders: 1, spend: 200 });
    expect(report.byDay.map((day) => day.date)).toEqual(['2031-05-10', '2031-05-11']);
    expect(report.byDay.reduce((total, day) => total + day.orders, 0)).toBe(3);

    expect(report.previous?.period).toEqual({ from: '2031-05-08', to: '2031-05-09' });
    expect(report.previous?.totals).toMatchObject({ sessions: 1, orders: 1, paidOrders: 1, spend: 200 });

    const filtered = await get<MarketingDashboardResponse>(
      `/api/marketing/reports/dashboard?${PERIOD}&campaign=SPRING`,
    );
    expect(filtered.totals).toMatchObject({ sessions: 2, orders: 2, paidOrders: 1, spend: 200 });
  });

  it('dashboard CSV holds the channel rows and the totals of the JSON', async () => {
    const report = await get<MarketingDashboardResponse>(`/api/marketing/reports/dashboard?${PERIOD}`);
    const rows = await csv('dashboard');
    expect(rows[0]![0]).toBe('Канал');
    expect(rows.slice(1, -1).map((row) => row[0])).toEqual(
      report.byChannel.map((row) => row.channel || '(нет)'),
    );
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Итого');
    expect(Number(total[3])).toBe(report.totals.orders);
    expect(Number(total[6])).toBe(report.totals.revenue);
    expect(Number(total[8])).toBe(report.totals.spend);
  });

  it('sources × medium reconcile with the totals and export the same rows', async () => {
    const report = await get<MarketingSourcesResponse>(
      `/api/marketing/reports/sources?${PERIOD}&compare=true`,
    );
    const yandex = report.rows.find((row) => row.source === 'yandex' && row.medium === 'cpc')!;
    expect(yandex).toMatchObject({ sessions: 2, orders: 2, paidOrders: 1, conversion: 100 });
    expect(report.rows.reduce((total, row) => total + row.orders, 0)).toBe(report.totals.orders);
    expect(report.rows.reduce((total, row) => total + row.revenue, 0)).toBeCloseTo(report.totals.revenue, 2);
    expect(report.previous).toMatchObject({ sessions: 1, orders: 1 });
    const dashboard = await get<MarketingDashboardResponse>(`/api/marketing/reports/dashboard?${PERIOD}`);
    expect(report.totals.revenue).toBe(dashboard.totals.revenue);
    expect(report.totals.margin).toBe(dashboard.totals.margin);

    const rows = await csv('sources');
    expect(rows.length).toBe(report.rows.length + 2);
    expect(rows[1]).toEqual([
      'yandex',
      'cpc',
      '2',
      '1',
      '2',
      '1',
      '100',
      yandex.revenue.toFixed(2),
      yandex.margin.toFixed(2),
    ]);
  });

  it('campaigns: CPA, CAC, ROAS and ROMI from the spend pro-rated to the period', async () => {
    const report = await get<MarketingCampaignsResponse>(`/api/marketing/campaigns?${PERIOD}&compare=true`);
    const item = report.items.find((row) => row.id === campaign.id)!;
    const { figures } = item;
    expect(figures).toMatchObject({
      orders: 2,
      paidOrders: 1,
      newCustomers: 1,
      spend: 200,
      cpa: 100,
      cac: 200,
    });
    expect(figures.roas).toBeCloseTo(figures.revenue / 200, 2);
    expect(figures.romiRevenue).toBeCloseTo(((figures.revenue - 200) / 200) * 100, 1);
    expect(figures.romiMargin).toBeCloseTo(((figures.margin - 200) / 200) * 100, 1);
    expect(report.previous).toMatchObject({ orders: 1, spend: 200 });
    expect(item.spend).toHaveLength(1);

    const rows = await csv('campaigns');
    expect(rows[1]!.slice(0, 9)).toEqual([
      'Весна',
      'Spring',
      'paid',
      '2',
      '2',
      '1',
      figures.revenue.toFixed(2),
      figures.margin.toFixed(2),
      '200.00',
    ]);

    // A second campaign with the same tag (any case) is refused; archive hides it from the default list.
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/campaigns',
      headers: admin,
      payload: { name: 'Дубль', utmCampaign: 'SPRING' },
    });
    expect(duplicate.statusCode).toBe(409);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/campaigns',
      headers: admin,
      payload: { name: 'Осень', utmCampaign: 'autumn', channel: '' },
    });
    expect(other.statusCode).toBe(201);
    const otherId = other.json<MarketingCampaign>().id;
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/marketing/campaigns/${otherId}`,
      headers: admin,
      payload: { name: 'Осень 2031', utmCampaign: 'autumn', startsOn: '2031-09-01', endsOn: '2031-08-01' },
    });
    expect(renamed.statusCode).toBe(400);
    const archived = await ctx.app.inject({
      method: 'POST',
      url: `/api/marketing/campaigns/${otherId}/archive`,
      headers: admin,
    });
    expect(archived.json<MarketingCampaign>().archivedAt).not.toBeNull();
    const active = await get<MarketingCampaignsResponse>(`/api/marketing/campaigns?${PERIOD}`);
    expect(active.items.map((row) => row.id)).not.toContain(otherId);
    const all = await get<MarketingCampaignsResponse>(`/api/marketing/campaigns?${PERIOD}&archived=true`);
    expect(all.items.map((row) => row.id)).toContain(otherId);
    const spendOnArchived = await ctx.app.inject({
      method: 'POST',
      url: `/api/marketing/campaigns/${otherId}/spend`,
      headers: admin,
      payload: { periodStart: '2031-05-01', periodEnd: '2031-05-02', amount: 10 },
    });
    expect(spendOnArchived.statusCode).toBe(409);
  });

  it('refuses wrong spend', async () => {
    for (const payload of [
      { periodStart: '2031-05-02', periodEnd: '2031-05-01', amount: 10 },
      { periodStart: '2031-05-01', periodEnd: '2031-05-02', amount: 0 },
      { periodStart: '2031-05-01', periodEnd: '2031-05-02', amount: 10.001 },
      { periodStart: '2031-05-01', periodEnd: '2031-05-02', amount: '10' },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/marketing/campaigns/${campaign.id}/spend`,
        headers: manager,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('events explorer: by type, top pages, devices, browsers; internal sessions left out', async () => {
    const report = await get<MarketingEventsResponse>(`/api/marketing/reports/events?${PERIOD}&compare=true`);
    expect(report.totals).toEqual({ events: 4, sessions: 2, conversions: 1 });
    expect(report.topPages).toEqual([
      { key: '/', count: 2 },
      { key: '/order/step-1', count: 1 },
    ]);
    expect(report.devices).toEqual([
      { key: 'mobile', count: 2 },
      { key: 'desktop', count: 1 },
    ]);
    expect(report.browsers.find((row) => row.key === 'Chrome')?.count).toBe(1);
    expect(report.events.reduce((total, row) => total + row.count, 0)).toBe(4);
    expect(report.previous).toEqual({ events: 0, sessions: 0, conversions: 0 });
    const rows = await csv('events');
    expect(rows.length).toBe(report.events.length + 1);
    expect(rows.slice(1).map((row) => Number(row[4]))).toEqual(report.events.map((row) => row.count));
  });

  it('UTM links: validation, saved with their sessions and orders by equal tags', async () => {
    const save = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/marketing/utm-links', headers: manager, payload });
    const valid = {
      name: 'Весна, Директ',
      baseUrl: 'https://perevod.example/order',
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
    };
    for (const wrong of [
      { ...valid, baseUrl: 'http://elsewhere.example/' },
      { ...valid, baseUrl: 'javascript:alert(1)' },
      { ...valid, baseUrl: 'not a url' },
      { ...valid, utmSource: '' },
      { ...valid, utmMedium: 'a&b' },
      { ...valid, utmCampaign: undefined },
    ]) {
      const response = await save(wrong);
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
    }
    const ours = await save({ ...valid, baseUrl: `${ctx.config.publicUrl}/order`, name: 'Наш сайт' });
    expect(ours.statusCode, ours.body).toBe(201);
    const saved = await save({ ...valid, baseUrl: 'https://perevod.example/order?ref=1&utm_source=old' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<MarketingUtmLink>().url).toBe(
      'https://perevod.example/order?ref=1&utm_source=yandex&utm_medium=cpc&utm_campaign=spring',
    );
    const withContent = await save({ ...valid, utmContent: 'banner' });
    expect(withContent.statusCode).toBe(201);

    const list = await get<MarketingUtmLinksResponse>(`/api/marketing/utm-links?${PERIOD}`);
    const link = list.items.find((item) => item.id === saved.json<MarketingUtmLink>().id)!;
    expect(link).toMatchObject({ sessions: 2, orders: 2, paidOrders: 1 });
    const other = list.items.find((item) => item.id === withContent.json<MarketingUtmLink>().id)!;
    expect(other).toMatchObject({ sessions: 0, orders: 0 });

    const rows = await csv('utm-links');
    expect(rows.length).toBe(list.items.length + 1);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/marketing/utm-links/${other.id}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(200);
    const after = await get<MarketingUtmLinksResponse>(`/api/marketing/utm-links?${PERIOD}`);
    expect(after.items.map((item) => item.id)).not.toContain(other.id);
  });
});
