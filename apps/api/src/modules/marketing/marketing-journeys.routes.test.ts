import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MODELS,
  HOT_LEADS_SHOWN,
  type AttributionReport,
  type FunnelReport,
  type LeadScoringReport,
  type TouchpointsResponse,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';
import { CSV_SEPARATOR } from '../../lib/csv.ts';

/** A Moscow wall-clock time (UTC+3) as a Date. */
const msk = (local: string) => new Date(`${local}+03:00`);
const cents = (value: number) => Math.round(value * 100);

describe('marketing journeys: attribution, funnel, touchpoints, lead scoring', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;

  const get = async <T>(url: string, headers = admin) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const session = async (patch: {
    id?: string;
    visitor?: string | null;
    source?: string | null;
    medium?: string | null;
    campaign?: string | null;
    channel?: string | null;
    device?: string;
    at: Date;
    internal?: boolean;
    userId?: string | null;
  }) => {
    const id = patch.id ?? `s-${randomUUID()}`;
    await fx.run(
      `insert into analytics_sessions (session_id, visitor_id, channel, utm_source, utm_medium, utm_campaign, device_type,
         is_internal, user_id, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
        id,
        patch.visitor ?? null,
        patch.channel ?? null,
        patch.source ?? null,
        patch.medium ?? null,
        patch.campaign ?? null,
        patch.device ?? 'desktop',
        patch.internal ?? false,
        patch.userId ?? null,
        patch.at,
      ],
    );
    return id;
  };
  const stage = (sessionId: string, name: string, at: Date, orderId: string | null = null) =>
    fx.run(`insert into funnel_stages (session_id, stage, order_id, created_at) values ($1, $2, $3, $4)`, [
      sessionId,
      name,
      orderId,
      at,
    ]);
  const link = (orderId: string, sessionId: string | null, visitorId: string | null) =>
    fx.run(`update orders set analytics_session_id = $2, analytics_visitor_id = $3 where id = $1`, [
      orderId,
      sessionId,
      visitorId,
    ]);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
  });
  afterAll(() => ctx.close());

  describe('attribution (March 2025)', () => {
    const PERIOD = 'from=2025-03-01&to=2025-03-31';
    let twoTouch: string;

    beforeAll(async () => {
      // A visitor: a paid Yandex click, then a direct visit, then the order (paid).
      const ads = await session({
        visitor: 'v-ads',
        source: 'yandex',
        medium: 'cpc',
        campaign: 'spring',
        at: msk('2025-03-05T10:00:00'),
      });
      const back = await session({ visitor: 'v-ads', at: msk('2025-03-07T10:00:00') });
      // An internal session of the same visitor is never a touch.
      await session({
        visitor: 'v-ads',
        source: 'google',
        medium: 'cpc',
        at: msk('2025-03-06T10:00:00'),
        internal: true,
      });
      twoTouch = (
        await fx.order({ isPaid: true, status: 'PAID', amount: 1500, createdAt: msk('2025-03-08T10:00:00') })
      ).id;
      await link(twoTouch, back, 'v-ads');
      void ads;

      // Three touches of three channels: thirds that must still add up to the kopeck.
      for (const [index, medium] of ['email', 'social', 'organic'].entries())
        await session({
          visitor: 'v-three',
          source: `src-${medium}`,
          medium,
          campaign: `c-${medium}`,
          at: msk(`2025-03-1${index}T09:00:00`),
        });
      const three = await fx.order({
        isPaid: true,
        status: 'PAID',
        amount: 1000.01,
        createdAt: msk('2025-03-13T09:00:00'),
      });
      await link(three.id, null, 'v-three');

      // No touches at all: direct / (нет данных).
      await fx.order({ isPaid: true, status: 'PAID', amount: 999.99, createdAt: msk('2025-03-20T12:00:00') });
      // A touch older than the 720-hour window does not count.
      await session({
        visitor: 'v-old',
        source: 'vk',
        medium: 'social',
        campaign: 'old',
        at: msk('2025-01-20T12:00:00'),
      });
      const stale = await fx.order({
        isPaid: true,
        status: 'PAID',
        amount: 777.77,
        createdAt: msk('2025-03-21T12:00:00'),
      });
      await link(stale.id, null, 'v-old');
      // Linked only through its funnel stage (no ids on the order yet): the stage's session is its touch.
      const staged = await session({
        visitor: 'v-staged',
        source: 'mail',
        medium: 'email',
        campaign: 'news',
        at: msk('2025-03-22T10:00:00'),
      });
      const viaStage = await fx.order({
        isPaid: true,
        status: 'PAID',
        amount: 2000,
        createdAt: msk('2025-03-22T11:00:00'),
      });
      await stage(staged, 'order_created', msk('2025-03-22T11:00:00'), viaStage.id);

      // Not paid, and paid but in April: not in the March totals.
      await fx.order({ isPaid: false, amount: 5000, createdAt: msk('2025-03-15T12:00:00') });
      await fx.order({ isPaid: true, status: 'PAID', amount: 5000, createdAt: msk('2025-04-01T00:00:01') });
    });

    it('every model’s totals equal the period’s paid orders of the orders list, to the kopeck', async () => {
      const list = await get<{ items: Array<{ amount: number }> }>(
        `/api/order?dateFrom=2025-03-01&dateTo=2025-03-31&isPaid=true&limit=100`,
      );
      const listRevenue = list.items.reduce((sum, order) => sum + cents(order.amount), 0);
      expect(list.items).toHaveLength(5);
      for (const groupBy of ['channel', 'campaign']) {
        const report = await get<AttributionReport>(
          `/api/marketing/attribution?${PERIOD}&groupBy=${groupBy}`,
        );
        expect(report.totals.orders).toBe(5);
        expect(cents(report.totals.revenue)).toBe(listRevenue);
        for (const model of ATTRIBUTION_MODELS) {
          const sum = (metric: 'orders' | 'revenue' | 'margin') =>
            report.rows.reduce((total, row) => total + cents(row.models[model][metric]), 0);
          expect(sum('orders'), `${groupBy} ${model} orders`).toBe(500);
          expect(sum('revenue'), `${groupBy} ${model} revenue`).toBe(listRevenue);
          expect(sum('margin'), `${groupBy} ${model} margin`).toBe(cents(report.totals.margin));
        }
      }
    });

    it('credits the channel each model says', async () => {
      const report = await get<AttributionReport>(`/api/marketing/attribution?${PERIOD}&groupBy=channel`);
      // In kopecks: sums of roubles are not exact in floating point.
      const credit = (channel: string, model: (typeof ATTRIBUTION_MODELS)[number]) =>
        cents(report.rows.find((row) => row.key === channel)?.models[model].revenue ?? 0) / 100;
      const rub = (...values: number[]) => values.reduce((sum, value) => sum + cents(value), 0) / 100;
      // First touch: the Yandex click gets the whole 1 500 ₽ order; last touch: the direct visit does.
      expect(credit('paid', 'first_touch')).toBe(1500);
      expect(credit('paid', 'last_touch')).toBe(0);
      expect(credit('paid', 'last_non_direct')).toBe(1500);
      expect(credit('paid', 'linear')).toBe(750);
      expect(credit('paid', 'position_based')).toBe(750);
      // Direct: the no-touch order, the stale one, and the last visit of the two-touch order under last touch.
      expect(credit('direct', 'last_touch')).toBe(rub(1500, 999.99, 777.77));
      expect(credit('direct', 'first_touch')).toBe(rub(999.99, 777.77));
      // Linear thirds of 1 000,01 ₽: 333,34 + 333,34 + 333,33 (largest remainder, earlier touch first).
      expect(credit('email', 'linear')).toBe(rub(333.34, 2000));
      expect(credit('social', 'linear')).toBe(333.34);
      expect(credit('organic', 'linear')).toBe(333.33);
      // Internal sessions are not touches.
      expect(report.rows.map((row) => row.key)).not.toContain('google');
    });

    it('by campaign, an order without touches is «(нет данных)»; a channel filter keeps its touches only', async () => {
      const report = await get<AttributionReport>(`/api/marketing/attribution?${PERIOD}&groupBy=campaign`);
      expect(report.rows.find((row) => row.key === '(нет данных)')?.models.first_touch.revenue).toBe(
        (cents(999.99) + cents(777.77)) / 100,
      );
      expect(report.rows.find((row) => row.key === 'spring')?.models.first_touch.orders).toBe(1);
      const paid = await get<AttributionReport>(
        `/api/marketing/attribution?${PERIOD}&groupBy=channel&channel=paid`,
      );
      expect(paid.rows.map((row) => row.key)).toEqual(['paid']);
    });

    it('compares with the previous period and exports the shown table as formula-safe CSV', async () => {
      await session({
        visitor: 'v-evil',
        source: 'x',
        medium: 'cpc',
        campaign: '=HYPERLINK("http://evil")',
        at: msk('2025-03-25T10:00:00'),
      });
      const evil = await fx.order({
        isPaid: true,
        status: 'PAID',
        amount: 10,
        createdAt: msk('2025-03-25T11:00:00'),
      });
      await link(evil.id, null, 'v-evil');
      const report = await get<AttributionReport>(`/api/marketing/attribution?${PERIOD}&compare=true`);
      expect(report.previousTotals).toEqual({ orders: 0, revenue: 0, margin: 0 });
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/marketing/attribution/export.csv?${PERIOD}&groupBy=campaign&metric=orders&sort=key`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.replace('\uFEFF', '').trim().split('\n');
      expect(lines[0]).toContain('Первое касание: Оплаченные заказы');
      expect(lines.some((line) => line.startsWith(`"'=HYPERLINK`))).toBe(true);
      expect(lines.find((line) => line.startsWith('spring;'))).toBe('spring;1.00;0.00;1.00;0.50;0.50;0.45');
    });
  });

  describe('funnel (May 2025)', () => {
    const PERIOD = 'from=2025-05-01&to=2025-05-31';
    beforeAll(async () => {
      const t = (day: number, hour: number, minute = 0) =>
        new Date(
          msk(`2025-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00`).getTime() +
            minute * 60_000,
        );
      // a: all the way, paid the same day; b: to order_created; c: landing and step 1 only, on a phone;
      // d: enters at step 1 from an ad and pays 10 days later; e: internal, never counted.
      const a = await session({ source: 'yandex', medium: 'cpc', campaign: 'may', at: t(2, 10) });
      for (const [index, name] of [
        'landing',
        'calculator_used',
        'step_1',
        'step_2',
        'step_3',
        'order_created',
        'paid',
      ].entries())
        await stage(a, name, t(2, 10, index * 10));
      const b = await session({ at: t(3, 10) });
      for (const [index, name] of [
        'landing',
        'calculator_used',
        'step_1',
        'step_2',
        'step_3',
        'order_created',
      ].entries())
        await stage(b, name, t(3, 10, index * 20));
      const c = await session({ at: t(4, 10), device: 'mobile' });
      await stage(c, 'landing', t(4, 10));
      await stage(c, 'step_1', t(4, 11));
      await stage(c, 'step_1', t(4, 12)); // a repeated stage counts once
      const d = await session({
        source: 'yandex',
        medium: 'cpc',
        campaign: 'may',
        at: t(5, 10),
        device: 'mobile',
      });
      await stage(d, 'step_1', t(5, 10));
      await stage(d, 'order_created', t(5, 11));
      await stage(d, 'paid', t(15, 11));
      const e = await session({ at: t(6, 10), internal: true });
      await stage(e, 'landing', t(6, 10));
      // Out of the period.
      const f = await session({ at: msk('2025-06-01T10:00:00') });
      await stage(f, 'landing', msk('2025-06-01T10:00:00'));
    });

    it('counts distinct sessions per stage, conversions, drop-off, medians and the window', async () => {
      const report = await get<FunnelReport>(`/api/marketing/funnel?${PERIOD}&windowDays=7`);
      const byStage = Object.fromEntries(report.stages.map((row) => [row.stage, row]));
      expect(report.stages.map((row) => row.sessions)).toEqual([3, 2, 4, 2, 2, 3, 2]);
      expect(report.entered).toBe(4);
      expect(byStage.calculator_used).toMatchObject({ fromPrevious: 66.67, dropOff: 1, fromEntered: 50 });
      expect(byStage.step_1).toMatchObject({ fromPrevious: 200, dropOff: -2 });
      // landing → calculator: 10 min (a) and 20 min (b): median 15.
      expect(byStage.calculator_used?.medianMinutesFromPrevious).toBe(15);
      // order_created → paid: 10 min (a) and 10 days (d).
      expect(byStage.paid?.medianMinutesFromPrevious).toBe((10 + 10 * 24 * 60) / 2);
      // Paid within 7 days of the session's start: a only (d took 10 days).
      expect(report.paidWithinWindow).toBe(1);
      expect(report.windowConversion).toBe(25);
      const wide = await get<FunnelReport>(`/api/marketing/funnel?${PERIOD}&windowDays=14`);
      expect(wide.paidWithinWindow).toBe(2);
    });

    it('breaks down by channel and device, and filters by campaign', async () => {
      const report = await get<FunnelReport>(`/api/marketing/funnel?${PERIOD}&sort=key`);
      expect(report.byChannel.map((row) => [row.key, row.entered, row.paid])).toEqual([
        ['direct', 2, 0],
        ['paid', 2, 2],
      ]);
      expect(report.byDevice.map((row) => [row.key, row.entered, row.stages.step_1])).toEqual([
        ['desktop', 2, 2],
        ['mobile', 2, 2],
      ]);
      const may = await get<FunnelReport>(`/api/marketing/funnel?${PERIOD}&campaign=MAY`);
      expect(may.entered).toBe(2);
      expect(may.stages.find((row) => row.stage === 'paid')?.sessions).toBe(2);
    });

    it('refuses an unknown window', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/marketing/funnel?${PERIOD}&windowDays=5`,
        headers: admin,
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('touchpoints (July 2025)', () => {
    const PERIOD = 'from=2025-07-01&to=2025-07-31';
    let pathOrder: { id: string; number: number };
    let bare: { id: string; number: number };
    beforeAll(async () => {
      await session({
        visitor: 'v-two',
        source: 'yandex',
        medium: 'cpc',
        campaign: 'summer',
        at: msk('2025-07-01T10:00:00'),
      });
      const second = await session({ visitor: 'v-two', at: msk('2025-07-04T12:00:00') });
      // After the order: not a touch of it.
      await session({ visitor: 'v-two', source: 'vk', medium: 'social', at: msk('2025-07-06T12:00:00') });
      pathOrder = await fx.order({ createdAt: msk('2025-07-04T13:00:00') });
      await link(pathOrder.id, second, 'v-two');
      bare = await fx.order({ createdAt: msk('2025-07-10T13:00:00') });
    });

    it('lists a two-session visitor’s order with both touches, oldest first, and pages by cursor', async () => {
      const first = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}&limit=1`);
      expect(first.total).toBe(2);
      expect(first.items.map((item) => item.orderId)).toEqual([bare.id]);
      expect(first.items[0]?.touches).toEqual([]);
      expect(first.nextCursor).not.toBeNull();
      const second = await get<TouchpointsResponse>(
        `/api/marketing/touchpoints?${PERIOD}&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
      );
      expect(second.items[0]).toMatchObject({ orderId: pathOrder.id, number: pathOrder.number, days: 3 });
      expect(second.items[0]?.touches.map((touch) => [touch.channel, touch.campaign])).toEqual([
        ['paid', 'summer'],
        ['direct', null],
      ]);
      expect(second.nextCursor).toBeNull();
      expect(first.averageTouches).toBe(1);
    });

    it('filters by channel: an order without touches is direct', async () => {
      const paid = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}&channel=paid`);
      expect(paid.items.map((item) => item.orderId)).toEqual([pathOrder.id]);
      const social = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}&channel=social`);
      expect(social.items).toEqual([]);
      const direct = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}&channel=direct`);
      expect(direct.items.map((item) => item.orderId)).toEqual([bare.id, pathOrder.id]);
    });
  });

  describe('touchpoints: every link of an order, filters and counts (August 2025)', () => {
    // Decision 085 counts and filters the touches without building them and builds them for the page only: each
    // link of an order (its funnel stage, its own session beside its visitor) must still give the same path.
    const PERIOD = 'from=2025-08-01&to=2025-08-31';
    let viaStage: { id: string };
    let ownSession: { id: string };
    let bare: { id: string };
    beforeAll(async () => {
      // Linked only by its funnel stage: that session's visitor's earlier session is a touch too.
      await session({
        visitor: 'v-aug-a',
        source: 'yandex',
        medium: 'cpc',
        campaign: 'aug-ads',
        at: msk('2025-08-03T10:00:00'),
      });
      const staged = await session({
        visitor: 'v-aug-a',
        source: 'mail',
        medium: 'email',
        campaign: 'aug-news',
        at: msk('2025-08-05T10:00:00'),
      });
      viaStage = await fx.order({ createdAt: msk('2025-08-05T11:00:00') });
      await stage(staged, 'order_created', msk('2025-08-05T11:00:00'), viaStage.id);
      // Its own session belongs to another visitor than the one stored on the order: both give touches.
      await session({
        visitor: 'v-aug-b',
        source: 'vk',
        medium: 'social',
        campaign: 'aug-social',
        at: msk('2025-08-10T10:00:00'),
      });
      const own = await session({
        visitor: 'v-aug-x',
        source: 'google',
        medium: 'organic',
        at: msk('2025-08-11T10:00:00'),
      });
      ownSession = await fx.order({ createdAt: msk('2025-08-11T12:00:00') });
      await link(ownSession.id, own, 'v-aug-b');
      bare = await fx.order({ createdAt: msk('2025-08-20T12:00:00') });
    });

    it('lists each order with its whole path, counts touches and filters on any touch of the path', async () => {
      const all = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}`);
      expect(all.total).toBe(3);
      expect(all.averageTouches).toBe(1.33);
      expect(all.items.map((item) => item.orderId)).toEqual([bare.id, ownSession.id, viaStage.id]);
      const path = (item: TouchpointsResponse['items'][number] | undefined) =>
        item?.touches.map((touch) => [touch.channel, touch.source, touch.campaign]);
      expect(path(all.items[1])).toEqual([
        ['social', 'vk', 'aug-social'],
        ['organic', 'google', null],
      ]);
      expect(path(all.items[2])).toEqual([
        ['paid', 'yandex', 'aug-ads'],
        ['email', 'mail', 'aug-news'],
      ]);
      const byCampaign = await get<TouchpointsResponse>(
        `/api/marketing/touchpoints?${PERIOD}&campaign=AUG-NEWS`,
      );
      expect(byCampaign.items.map((item) => item.orderId)).toEqual([viaStage.id]);
      expect(byCampaign.items[0]?.touches).toHaveLength(2);
      expect([byCampaign.total, byCampaign.averageTouches]).toEqual([1, 2]);
      const bySource = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}&source=google`);
      expect(bySource.items.map((item) => item.orderId)).toEqual([ownSession.id]);
      const direct = await get<TouchpointsResponse>(`/api/marketing/touchpoints?${PERIOD}&channel=direct`);
      expect(direct.items.map((item) => item.orderId)).toEqual([bare.id]);
      expect([direct.total, direct.averageTouches]).toEqual([1, 0]);
      const paged = await get<TouchpointsResponse>(
        `/api/marketing/touchpoints?${PERIOD}&channel=paid&limit=1`,
      );
      expect(paged.items.map((item) => item.orderId)).toEqual([viaStage.id]);
      expect(paged.nextCursor).toBeNull();
    });
  });

  describe('lead scoring (September 2025)', () => {
    const PERIOD = 'from=2025-09-01&to=2025-09-30';
    const FORM_SECRET = 'form.only@example.ru';
    let sessions: Record<string, string>;
    beforeAll(async () => {
      await fx.run(
        `update analytics_config set hot_lead_threshold = 50, lead_score_rules = $1::jsonb where id = 1`,
        [
          JSON.stringify([
            { eventType: 'form_submit', eventAction: 'step_2', points: 30, decayDays: 0 },
            { eventType: 'calculator', points: 25, decayDays: 0 },
            { eventType: 'page_view', points: 40, decayDays: 7 },
          ]),
        ],
      );
      const [customer] = await fx.run<{ id: string }>(`select id from users where email = $1`, [
        DEMO.customer,
      ]);
      const at = msk('2025-09-10T10:00:00');
      sessions = {
        openOrder: await session({ visitor: 'v-open', at }),
        noOrder: await session({ visitor: 'v-none', at }),
        paidOrder: await session({ visitor: 'v-paid', at }),
        customer: await session({ at, userId: customer!.id }),
        lowScore: await session({ at }),
        decayed: await session({ at }),
      };
      const event = (
        sessionId: string,
        type: string,
        action: string | null,
        when = at,
        formData: unknown = null,
      ) =>
        fx.run(
          `insert into analytics_events (session_id, event_type, event_action, form_data, created_at) values ($1, $2, $3, $4, $5)`,
          [sessionId, type, action, formData === null ? null : JSON.stringify(formData), when],
        );
      for (const key of ['openOrder', 'noOrder', 'paidOrder', 'customer']) {
        await event(sessions[key]!, 'form_submit', 'step_2', at, { name: 'Из формы', email: FORM_SECRET });
        await event(sessions[key]!, 'calculator', null);
      }
      await event(sessions.lowScore!, 'form_submit', 'step_1'); // another action: no points
      await event(sessions.lowScore!, 'calculator', null);
      // 40 points, but weeks old with a 7-day decay: well under the threshold now.
      await event(sessions.decayed!, 'page_view', null);
      await event(sessions.decayed!, 'calculator', null);

      const open = await fx.order({
        email: 'ordered@example.ru',
        phone: '+79161112233',
        createdAt: msk('2025-09-10T11:00:00'),
      });
      await fx.run(`update orders set name = 'Ольга Заказова' where id = $1`, [open.id]);
      await link(open.id, sessions.openOrder!, 'v-open');
      const paid = await fx.order({ isPaid: true, status: 'PAID', createdAt: msk('2025-09-10T11:00:00') });
      await link(paid.id, sessions.paidOrder!, 'v-paid');
    });

    it('scores sessions by the rules and lists as hot only customers and unpaid orders, with the order’s contact', async () => {
      const report = await get<LeadScoringReport>(`/api/marketing/lead-scoring?${PERIOD}`);
      const score = (key: string) => report.sessions.find((row) => row.sessionId === sessions[key])?.score;
      expect(score('openOrder')).toBe(55);
      expect(score('lowScore')).toBe(25);
      // 40 points for a page view more than a year old with a 7-day half-life: nothing left.
      expect(score('decayed')).toBe(25);
      expect(report.hotLeads.map((lead) => lead.sessionId).sort()).toEqual(
        [sessions.customer, sessions.openOrder].sort(),
      );
      const open = report.hotLeads.find((lead) => lead.sessionId === sessions.openOrder);
      expect(open?.order).toMatchObject({
        name: 'Ольга Заказова',
        email: 'ordered@example.ru',
        phoneNumber: '+79161112233',
        isPaid: false,
      });
      const customer = report.hotLeads.find((lead) => lead.sessionId === sessions.customer);
      expect(customer?.order).toBeNull();
      expect(customer?.customerId).not.toBeNull();
      // What a form held but nobody submitted as an order never shows.
      expect(JSON.stringify(report)).not.toContain(FORM_SECRET);
      expect(JSON.stringify(report)).not.toContain('Из формы');
    });
  });

  describe('lead scoring: the latest linked order (November 2025)', () => {
    const PERIOD = 'from=2025-11-01&to=2025-11-30';
    let sessions: Record<string, string>;
    let orders: Record<string, string>;
    beforeAll(async () => {
      await fx.run(
        `update analytics_config set hot_lead_threshold = 50, lead_score_rules = $1::jsonb where id = 1`,
        [JSON.stringify([{ eventType: 'form_submit', points: 60, decayDays: 0 }])],
      );
      const at = msk('2025-11-10T10:00:00');
      sessions = {
        byStage: await session({ at }),
        byVisitor: await session({ visitor: 'v-came-back', at }),
        newerOpen: await session({ visitor: 'v-newer-open', at }),
        newerPaid: await session({ visitor: 'v-newer-paid', at }),
        deleted: await session({ at }),
      };
      for (const id of Object.values(sessions))
        await fx.run(
          `insert into analytics_events (session_id, event_type, created_at) values ($1, 'form_submit', $2)`,
          [id, at],
        );
      const order = async (isPaid: boolean, createdAt: string) =>
        (await fx.order({ isPaid, status: isPaid ? 'PAID' : 'NEW', createdAt: msk(createdAt) })).id;
      orders = {
        byStage: await order(false, '2025-11-10T11:00:00'),
        byVisitor: await order(false, '2025-11-12T11:00:00'),
        olderPaid: await order(true, '2025-11-10T11:00:00'),
        newerOpen: await order(false, '2025-11-12T11:00:00'),
        olderOpen: await order(false, '2025-11-10T11:00:00'),
        newerPaid: await order(true, '2025-11-12T11:00:00'),
        deleted: await order(false, '2025-11-10T11:00:00'),
      };
      // Linked only by a funnel stage of the session (the order carries no analytics link).
      await stage(sessions.byStage!, 'order_created', msk('2025-11-10T11:00:00'), orders.byStage);
      // Linked only by the visitor: placed two days later in another session.
      await link(orders.byVisitor!, `s-${randomUUID()}`, 'v-came-back');
      // Its own order and a newer one of its visitor: the newer decides.
      await link(orders.olderPaid!, sessions.newerOpen!, 'v-newer-open');
      await link(orders.newerOpen!, `s-${randomUUID()}`, 'v-newer-open');
      await link(orders.olderOpen!, sessions.newerPaid!, null);
      await stage(sessions.newerPaid!, 'order_created', msk('2025-11-12T11:00:00'), orders.newerPaid);
      // A deleted order links nothing.
      await link(orders.deleted!, sessions.deleted!, null);
      await fx.run(`update orders set deleted_at = now() where id = $1`, [orders.deleted]);
    });

    it('takes the latest live order linked by the session, its visitor or its funnel stages', async () => {
      const report = await get<LeadScoringReport>(`/api/marketing/lead-scoring?${PERIOD}`);
      expect(report.scoredSessions).toBe(5);
      const leadOrder = (key: string) =>
        report.hotLeads.find((lead) => lead.sessionId === sessions[key])?.order?.id;
      expect(report.hotLeads).toHaveLength(3);
      expect(leadOrder('byStage')).toBe(orders.byStage);
      expect(leadOrder('byVisitor')).toBe(orders.byVisitor);
      expect(leadOrder('newerOpen')).toBe(orders.newerOpen);
    });
  });

  describe('lead scoring: more scored sessions than the page lists (December 2025)', () => {
    const PERIOD = 'from=2025-12-01&to=2025-12-31';
    let hot: string;
    let orderId: string;
    beforeAll(async () => {
      await fx.run(
        `update analytics_config set hot_lead_threshold = 50, lead_score_rules = $1::jsonb where id = 1`,
        [
          JSON.stringify([
            { eventType: 'form_submit', points: 60, decayDays: 0 },
            { eventType: 'calculator', points: 55, decayDays: 0 },
            { eventType: 'page_view', points: 10, decayDays: 0 },
            { eventType: 'form_submit', eventAction: 'step_2', points: 5, decayDays: 0 },
          ]),
        ],
      );
      const at = msk('2025-12-10T10:00:00');
      /** `count` sessions `<prefix><n>` of nobody (no order, no customer), each with one event of `eventType`. */
      const crowd = async (prefix: string, count: number, eventType: string) => {
        await fx.run(
          `insert into analytics_sessions (session_id, created_at, last_seen_at)
           select $2 || n, $1::timestamptz, $1::timestamptz from generate_series(1, $3::int) n`,
          [at, prefix, count],
        );
        await fx.run(
          `insert into analytics_events (session_id, event_type, created_at)
           select $2 || n, $4, $1::timestamptz from generate_series(1, $3::int) n`,
          [at, prefix, count, eventType],
        );
      };
      // 101 sessions over the threshold, all scored above the hot one.
      await crowd('s-crowd-', 101, 'form_submit');
      // Five more with 10 points: scored, neither in the first 100 nor hot.
      await crowd('s-low-', 5, 'page_view');
      // One event that meets two rules: one event, 65 points.
      await fx.run(
        `insert into analytics_sessions (session_id, created_at, last_seen_at) values ('s-double', $1, $1)`,
        [at],
      );
      await fx.run(
        `insert into analytics_events (session_id, event_type, event_action, created_at)
         values ('s-double', 'form_submit', 'step_2', $1)`,
        [at],
      );
      // 55 points and an open order: a hot lead, 103rd by score.
      hot = await session({ visitor: 'v-102nd', at });
      await fx.run(
        `insert into analytics_events (session_id, event_type, created_at) values ($1, 'calculator', $2)`,
        [hot, at],
      );
      orderId = (await fx.order({ createdAt: msk('2025-12-10T11:00:00') })).id;
      await link(orderId, hot, 'v-102nd');
    });

    it('counts every scored session, lists the first 100 and every hot lead with its order; an event meeting two rules is one event with both rules’ points', async () => {
      const report = await get<LeadScoringReport>(`/api/marketing/lead-scoring?${PERIOD}&compare=true`);
      expect(report.scoredSessions).toBe(108);
      expect(report.sessions).toHaveLength(100);
      expect(report.sessions[0]).toMatchObject({ sessionId: 's-double', score: 65, events: 1 });
      expect(report.sessions.slice(1).every((row) => row.score === 60 && row.events === 1)).toBe(true);
      expect(report.hotLeads.map((lead) => [lead.sessionId, lead.score, lead.order?.id])).toEqual([
        [hot, 55, orderId],
      ]);
      // November before it: the five sessions of the test above, three of them hot.
      expect(report.previous).toEqual({ scoredSessions: 5, hotLeads: 3 });
    });
  });

  describe('lead scoring: more hot leads than the answer lists (January 2026)', () => {
    const PERIOD = 'from=2026-01-01&to=2026-01-31';
    beforeAll(async () => {
      await fx.run(
        `update analytics_config set hot_lead_threshold = 50, lead_score_rules = $1::jsonb where id = 1`,
        [JSON.stringify([{ eventType: 'form_submit', points: 60, decayDays: 0 }])],
      );
      const [customer] = await fx.run<{ id: string }>(`select id from users where email = $1`, [
        DEMO.customer,
      ]);
      // HOT_LEADS_SHOWN + 1 sessions of the customer, each with one more event than the one before: all hot,
      // scored 60, 120, …; the one with the fewest points is left out.
      await fx.run(
        `insert into analytics_sessions (session_id, user_id, created_at, last_seen_at)
         select 's-jan-' || n, $1::uuid, $2::timestamptz, $2::timestamptz from generate_series(1, $3::int) n`,
        [customer!.id, msk('2026-01-15T10:00:00'), HOT_LEADS_SHOWN + 1],
      );
      await fx.run(
        `insert into analytics_events (session_id, event_type, created_at)
         select 's-jan-' || n, 'form_submit', $1::timestamptz
         from generate_series(1, $2::int) n cross join lateral generate_series(1, n) k`,
        [msk('2026-01-15T10:05:00'), HOT_LEADS_SHOWN + 1],
      );
    });

    it('lists the HOT_LEADS_SHOWN with the most points, counts them all, and the CSV holds the listed ones', async () => {
      const report = await get<LeadScoringReport>(`/api/marketing/lead-scoring?${PERIOD}`);
      expect(report.hotLeadsTotal).toBe(HOT_LEADS_SHOWN + 1);
      expect(report.hotLeads).toHaveLength(HOT_LEADS_SHOWN);
      expect(report.hotLeads[0]).toMatchObject({ sessionId: `s-jan-${HOT_LEADS_SHOWN + 1}` });
      expect(report.hotLeads.map((lead) => lead.sessionId)).not.toContain('s-jan-1');

      const csv = await ctx.app.inject({
        method: 'GET',
        url: `/api/marketing/lead-scoring/export.csv?${PERIOD}`,
        headers: admin,
      });
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split('\n');
      expect(lines).toHaveLength(HOT_LEADS_SHOWN + 1);
      expect(lines.slice(1).some((line) => line.startsWith(`s-jan-1${CSV_SEPARATOR}`))).toBe(false);
    });
  });

  it('ADMIN and MANAGER open the reports; PARTNER and customers get 403', async () => {
    const manager = await ctx.staffAuth(...DEMO.manager);
    const partner = await ctx.staffAuth(...DEMO.partner);
    const customer = await ctx.customerAuth(DEMO.customer);
    for (const path of ['funnel', 'attribution', 'touchpoints', 'lead-scoring']) {
      const url = `/api/marketing/${path}?from=2025-03-01&to=2025-03-31`;
      const status = async (headers: { authorization: string }) =>
        (await ctx.app.inject({ method: 'GET', url, headers })).statusCode;
      expect(await status(manager)).toBe(200);
      expect(await status(partner)).toBe(403);
      expect(await status({ authorization: customer.authorization })).toBe(403);
    }
  });
});
