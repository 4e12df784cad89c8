import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsConfig, OrderSummary } from '@app/contracts';
import { MARKETING_MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let nextIp = 1;
/** Each test calls from its own address, so the per-address limit of one test does not reach the next. */
const freshIp = () => `198.51.100.${nextIp++}`;

describe('analytics ingestion', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0',
        RATE_LIMIT_ANALYTICS_PER_SESSION: '5',
        RATE_LIMIT_ANALYTICS_PER_IP: '8',
      },
    });
  });
  afterAll(() => ctx.close());

  const rows = async <T>(sql: string, params: unknown[] = []) =>
    (await ctx.database.sql.executeSql(sql, params)).rows as T[];

  const post = (
    url: string,
    payload: unknown,
    options: { ip?: string; userAgent?: string; authorization?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? freshIp(),
      headers: {
        'user-agent': options.userAgent ?? BROWSER,
        ...(options.authorization ? { authorization: options.authorization } : {}),
      },
    });

  const batch = (sessionId: string, items: unknown[], session: unknown = null) => ({
    sessionId,
    session,
    items,
  });

  it('stores a batch: the session with UTM, channel and device read by the server, its events and stages', async () => {
    const response = await post(
      '/api/analytics/batch',
      batch(
        'batch-session-1',
        [
          { kind: 'event', clientEventId: 'ev-000001', eventType: 'page_view', pagePath: '/' },
          { kind: 'funnel_stage', clientEventId: 'ev-000002', stage: 'landing' },
          { kind: 'conversion', clientEventId: 'ev-000003', conversionType: 'lead', conversionValue: 10 },
        ],
        {
          visitorId: 'visitor-0001',
          landingPage: 'https://app.example.ru/?utm_source=yandex&utm_medium=cpc&utm_campaign=spring',
          referer: 'https://yandex.ru/',
          utmSource: 'yandex',
          utmMedium: 'cpc',
          utmCampaign: 'spring',
          yclid: '123',
          // What the body says about the device is ignored: the header is read.
          deviceType: 'desktop',
          browserName: 'Fake',
        },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(
      await rows(
        `select visitor_id, channel, utm_source, utm_campaign, device_type, browser_name, operating_system,
                click_ids->>'yclid' as yclid, is_internal
           from analytics_sessions where session_id = 'batch-session-1'`,
      ),
    ).toEqual([
      {
        visitor_id: 'visitor-0001',
        channel: 'paid',
        utm_source: 'yandex',
        utm_campaign: 'spring',
        device_type: 'mobile',
        browser_name: 'Mobile Safari',
        operating_system: 'iOS',
        yclid: '123',
        is_internal: false,
      },
    ]);
    expect(
      await rows(
        `select (select count(*)::int from analytics_events where session_id = 'batch-session-1') as events,
                (select count(*)::int from funnel_stages where session_id = 'batch-session-1') as stages,
                (select count(*)::int from conversions where session_id = 'batch-session-1') as conversions`,
      ),
    ).toEqual([{ events: 1, stages: 1, conversions: 1 }]);
  });

  it('stores a retried batch once (idempotent per session and client event id)', async () => {
    const payload = batch('retry-session', [
      { kind: 'event', clientEventId: 'retry-0001', eventType: 'page_view' },
      { kind: 'event', clientEventId: 'retry-0002', eventType: 'click' },
      { kind: 'funnel_stage', clientEventId: 'retry-0003', stage: 'step_1' },
    ]);
    const ip = freshIp();
    expect((await post('/api/analytics/batch', payload, { ip })).statusCode).toBe(200);
    expect((await post('/api/analytics/batch', payload, { ip })).statusCode).toBe(200);
    expect(
      await rows(
        `select (select count(*)::int from analytics_events where session_id = 'retry-session') as events,
                (select count(*)::int from funnel_stages where session_id = 'retry-session') as stages`,
      ),
    ).toEqual([{ events: 2, stages: 1 }]);
  });

  it('drops bots and requests without a User-Agent: nothing is stored', async () => {
    const payload = batch(
      'bot-session-1',
      [{ kind: 'event', clientEventId: 'bot-000001', eventType: 'page_view' }],
      { landingPage: 'https://app.example.ru/' },
    );
    expect((await post('/api/analytics/batch', payload, { userAgent: GOOGLEBOT })).statusCode).toBe(200);
    expect((await post('/api/analytics/batch', payload, { userAgent: '' })).statusCode).toBe(200);
    expect(
      await rows(
        `select (select count(*)::int from analytics_events where session_id = 'bot-session-1') as events,
                (select count(*)::int from analytics_sessions where session_id = 'bot-session-1') as sessions`,
      ),
    ).toEqual([{ events: 0, sessions: 0 }]);
  });

  it('refuses oversized or malformed batches in Russian and stores nothing', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({
      kind: 'event',
      clientEventId: `many-${String(i).padStart(4, '0')}`,
      eventType: 'page_view',
    }));
    const tooMany = await post('/api/analytics/batch', batch('many-session', many));
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain(MARKETING_MESSAGES.analyticsBatchTooLarge);

    // The server's own stages cannot come from a browser.
    const paid = await post(
      '/api/analytics/batch',
      batch('many-session', [{ kind: 'funnel_stage', clientEventId: 'paid-00001', stage: 'paid' }]),
    );
    expect(paid.statusCode).toBe(400);
    expect(JSON.stringify(paid.json())).toContain(MARKETING_MESSAGES.analyticsStageInvalid);

    const badId = await post(
      '/api/analytics/batch',
      batch('bad session id!', [{ kind: 'event', clientEventId: 'x-00000001', eventType: 'a' }]),
    );
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain(MARKETING_MESSAGES.analyticsIdInvalid);

    const huge = await post(
      '/api/analytics/batch',
      batch('many-session', [
        { kind: 'event', clientEventId: 'huge-0001', eventType: 'a', pageTitle: 'я'.repeat(70_000) },
      ]),
    );
    expect(huge.statusCode).toBe(413);
    expect(
      await rows(`select count(*)::int as n from analytics_events where session_id = 'many-session'`),
    ).toEqual([{ n: 0 }]);
  });

  it('limits requests per session and per address (429 in Russian)', async () => {
    const ip = freshIp();
    const send = (sessionId: string, n: number, from = ip) =>
      post(
        '/api/analytics/batch',
        batch(sessionId, [{ kind: 'event', clientEventId: `lim-${sessionId}-${n}`, eventType: 'a' }]),
        { ip: from },
      );
    for (let n = 0; n < 5; n += 1) expect((await send('limited-session', n)).statusCode).toBe(200);
    const refused = await send('limited-session', 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MARKETING_MESSAGES.analyticsSessionTooMany);
    // Another session of the same address still gets through, until the address's own limit (8 a minute).
    expect((await send('other-session', 0)).statusCode).toBe(200);
    expect((await send('other-session', 1)).statusCode).toBe(200);
    expect((await send('third-session', 0)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await send('third-session', 1, freshIp())).statusCode).toBe(200);
    expect(
      await rows(`select count(*)::int as n from analytics_events where session_id = 'limited-session'`),
    ).toEqual([{ n: 5 }]);
  });

  it('never stores the raw address: a keyed hash that differs from the address and is stable within a day', async () => {
    const ip = '203.0.113.77';
    await post('/api/analytics/session', { sessionId: 'ip-session-1', landingPage: 'https://x.ru/' }, { ip });
    await post('/api/analytics/session', { sessionId: 'ip-session-2', landingPage: 'https://x.ru/' }, { ip });
    const stored = await rows<{ ip_hash: string; row: string }>(
      `select ip_hash, row_to_json(s)::text as row from analytics_sessions s
        where session_id in ('ip-session-1', 'ip-session-2') order by session_id`,
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]!.ip_hash).toMatch(/^[\w-]{32}$/);
    expect(stored[0]!.ip_hash).toBe(stored[1]!.ip_hash);
    for (const { row } of stored) expect(row).not.toContain('203.0.113');
  });

  it('marks a session from an internal range (configuration) internal, others not', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const current = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/marketing/analytics-config',
        headers: admin,
      })
    ).json<AnalyticsConfig>();
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/analytics-config',
      headers: admin,
      payload: { ...current, internalIpRanges: ['192.0.2.0/24'] },
    });
    expect(saved.statusCode).toBe(200);
    await post('/api/analytics/session', { sessionId: 'office-session' }, { ip: '192.0.2.15' });
    await post('/api/analytics/session', { sessionId: 'outside-session' }, { ip: '192.0.3.15' });
    expect(
      await rows(
        `select session_id, is_internal from analytics_sessions
          where session_id in ('office-session', 'outside-session') order by session_id`,
      ),
    ).toEqual([
      { session_id: 'office-session', is_internal: true },
      { session_id: 'outside-session', is_internal: false },
    ]);
  });

  it('stores a funnel stage with the signed-in user taken from the session, not the body', async () => {
    const customer = await ctx.customerAuth('funnel@example.ru');
    const response = await post(
      '/api/analytics/funnel-stage',
      {
        sessionId: 'session-12345',
        stage: 'calculator_used',
        source: 'cabinet_bottom_nav',
        userId: '00000000-0000-4000-8000-000000000000',
      },
      { authorization: customer.authorization },
    );
    expect(response.statusCode).toBe(200);
    expect(
      await rows(`select stage, source, user_id from funnel_stages where session_id = 'session-12345'`),
    ).toEqual([{ stage: 'calculator_used', source: 'cabinet_bottom_nav', user_id: customer.body.user.id }]);
  });

  it('drops secret-looking form fields and cuts long strings (spec 5)', async () => {
    const response = await post('/api/analytics/event', {
      sessionId: 'session-67890',
      eventType: 'form_submit',
      formData: {
        name: 'Иван',
        password: 'secret',
        cardNumber: '4111',
        accessToken: 'x',
        comment: 'я'.repeat(300),
      },
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await rows<{ form_data: Record<string, string> }>(
      `select form_data from analytics_events where session_id = 'session-67890'`,
    );
    expect(Object.keys(stored!.form_data).sort()).toEqual(['comment', 'name']);
    expect(stored!.form_data.comment).toHaveLength(100);
  });

  it('refuses an event without a type and stores nothing', async () => {
    const response = await post('/api/analytics/event', { sessionId: 'session-empty1' });
    expect(response.statusCode).toBe(400);
    expect(
      await rows(`select count(*)::int as n from analytics_events where session_id = 'session-empty1'`),
    ).toEqual([{ n: 0 }]);
  });
});

describe('analytics and orders', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function createOrder(extra: Record<string, unknown>): Promise<OrderSummary> {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string; type: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const passport = params.documents.find((d) => d.type === 'passport')!;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Ольга Смирнова',
        phoneNumber: '+79161112233',
        email: 'funnel-order@example.ru',
        documentsWithQuantity: [{ documentId: passport.id, quantity: 1 }],
        documentsAssurances: [],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        ...extra,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }

  async function pay(order: OrderSummary) {
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'funnel-order@example.ru' },
    });
    const { paymentId } = link.json<{ paymentId: string }>();
    const confirmed = await Promise.all(
      [1, 2].map(() => ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` })),
    );
    expect(confirmed.some((response) => response.statusCode === 200)).toBe(true);
  }

  const stagesOf = async (orderId: string) =>
    (
      await ctx.database.sql.executeSql(
        `select session_id, stage, value::float8 as value, source from funnel_stages
          where order_id = $1 order by created_at, stage`,
        [orderId],
      )
    ).rows;

  it('links the order to its session and records order_created, then paid once when the payment settles', async () => {
    const order = await createOrder({
      analyticsSessionId: 'order-session-1',
      analyticsVisitorId: 'order-visitor-1',
    });
    const [linked] = (
      await ctx.database.sql.executeSql(
        'select analytics_session_id, analytics_visitor_id from orders where id = $1',
        [order.id],
      )
    ).rows;
    expect(linked).toEqual({
      analytics_session_id: 'order-session-1',
      analytics_visitor_id: 'order-visitor-1',
    });
    expect(await stagesOf(order.id)).toEqual([
      { session_id: 'order-session-1', stage: 'order_created', value: order.amount, source: 'server' },
    ]);

    await pay(order);
    expect(await stagesOf(order.id)).toEqual([
      { session_id: 'order-session-1', stage: 'order_created', value: order.amount, source: 'server' },
      { session_id: 'order-session-1', stage: 'paid', value: order.amount, source: 'server' },
    ]);
  });

  it('an order without analytics ids records no stage', async () => {
    const order = await createOrder({});
    await pay(order);
    expect(await stagesOf(order.id)).toEqual([]);
  });
});

describe('analytics configuration and retention', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is ADMIN only, validated in Russian, and audited', async () => {
    const manager = await ctx.staffAuth(...DEMO.manager);
    const admin = await ctx.staffAuth(...DEMO.admin);
    const url = '/api/marketing/analytics-config';
    expect((await ctx.app.inject({ method: 'GET', url, headers: manager })).statusCode).toBe(403);
    const current = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(current.statusCode).toBe(200);
    const config = current.json<AnalyticsConfig>();
    expect(config).toMatchObject({ attributionWindowHours: 720, defaultAttributionModel: 'first_touch' });

    expect(
      (await ctx.app.inject({ method: 'POST', url, headers: manager, payload: config })).statusCode,
    ).toBe(403);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { ...config, internalIpRanges: ['офис'] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain(MARKETING_MESSAGES.analyticsIpRangeInvalid);

    const next = { ...config, retentionDays: 90, yandexMetricaId: '12345678', ga4MeasurementId: 'G-ABC1234' };
    const saved = await ctx.app.inject({ method: 'POST', url, headers: admin, payload: next });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(next);
    expect((await ctx.app.inject({ method: 'GET', url, headers: admin })).json()).toEqual(next);
    const counters = await ctx.app.inject({ method: 'GET', url: '/api/analytics/counters' });
    expect(counters.json()).toEqual({ yandexMetricaId: '12345678', ga4MeasurementId: 'G-ABC1234' });

    const audit = (
      await ctx.database.sql.executeSql(
        `select data->'before'->>'retentionDays' as before, data->'after'->>'retentionDays' as after
           from audit_log where action = 'analytics.config.update'`,
        [],
      )
    ).rows;
    expect(audit).toEqual([{ before: String(config.retentionDays), after: '90' }]);
  });

  it('a change of what the stored report days hold for sends the closing job at once; others do not', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const url = '/api/marketing/analytics-config';
    const closingJobs = async () =>
      (
        await ctx.database.sql.executeSql(
          `select count(*)::int as n from pgboss.job where data->>'name' = 'close-analytics-days'`,
          [],
        )
      ).rows[0] as { n: number };
    const config = (await ctx.app.inject({ method: 'GET', url, headers: admin })).json<AnalyticsConfig>();
    const save = async (payload: AnalyticsConfig) =>
      expect((await ctx.app.inject({ method: 'POST', url, headers: admin, payload })).statusCode).toBe(200);
    await save({ ...config, retentionDays: config.retentionDays + 1 });
    expect(await closingJobs()).toEqual({ n: 0 });
    await save({
      ...config,
      leadScoreRules: [{ eventType: 'form_submit', eventAction: null, points: 40, decayDays: 7 }],
    });
    expect(await closingJobs()).toEqual({ n: 1 });
  });

  it('the retention job deletes only rows older than the retention period', async () => {
    await ctx.database.sql.executeSql('update analytics_config set retention_days = 30', []);
    const old = "now() - interval '31 days'";
    const fresh = "now() - interval '29 days'";
    await ctx.database.sql.executeSql(
      `insert into analytics_sessions (session_id, created_at, last_seen_at)
         values ('old-session', ${old}, ${old}), ('fresh-session', ${old}, ${fresh});
       insert into analytics_events (session_id, event_type, created_at)
         values ('old-session', 'page_view', ${old}), ('fresh-session', 'page_view', ${fresh});
       insert into conversions (session_id, conversion_type, created_at)
         values ('old-session', 'lead', ${old}), ('fresh-session', 'lead', ${fresh});
       insert into funnel_stages (session_id, stage, created_at)
         values ('old-session', 'landing', ${old}), ('fresh-session', 'landing', ${fresh});`,
      [],
    );
    expect(await ctx.services.analytics.purgeExpired()).toEqual({
      analytics_events: 1,
      conversions: 1,
      funnel_stages: 1,
      analytics_sessions: 1,
    });
    const left = await ctx.database.sql.executeSql(
      `select 'session' as kind, session_id from analytics_sessions
       union all select 'event', session_id from analytics_events
       union all select 'conversion', session_id from conversions
       union all select 'stage', session_id from funnel_stages
       order by 1`,
      [],
    );
    expect(left.rows).toEqual([
      { kind: 'conversion', session_id: 'fresh-session' },
      { kind: 'event', session_id: 'fresh-session' },
      { kind: 'session', session_id: 'fresh-session' },
      { kind: 'stage', session_id: 'fresh-session' },
    ]);
  });
});
