import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MODELS,
  moscowDate,
  moscowDayStart,
  type AttributionReport,
  type TouchpointsResponse,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';
import { creditPaths, readPaidOrderPaths } from './attribution.service.ts';
import { readJourneyConfig } from './journey-sql.ts';
import { countTouchedOrders } from './touchpoints.service.ts';

// Decision 096: attribution and touchpoints read the days at least three days old from journey_day_credits /
// journey_closed_days once the job stored them, and the other days from the raw rows. After every write below
// each report must equal the same figures computed from the raw rows alone, and the days a write concerns must go
// back to the raw rows until the job stores them again. The database's clock decides which days are old enough,
// so the fixture lies in the last few weeks before today.

const DAY = 86_400_000;
const today = moscowDate(new Date());
/** The Moscow day `n` days before today, and a moment on it (Moscow wall-clock hour). */
const dayAgo = (n: number) => moscowDate(moscowDayStart(today, -n));
const at = (n: number, hour = 12) => new Date(moscowDayStart(dayAgo(n)).getTime() + hour * 3_600_000);
const FROM = dayAgo(40);
const PERIOD = `from=${FROM}&to=${today}`;
const QUERIES = [
  `${PERIOD}&groupBy=channel`,
  `${PERIOD}&groupBy=campaign`,
  `${PERIOD}&groupBy=channel&channel=PAID`,
  `${PERIOD}&groupBy=campaign&source=yandex`,
  `from=${dayAgo(12)}&to=${dayAgo(4)}&groupBy=channel&compare=true`,
];

describe('attribution and touchpoints per closed day', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;
  const orders: Record<string, string> = {};
  const sessions: Record<string, string> = {};

  const session = async (
    name: string,
    patch: {
      visitor?: string;
      source?: string;
      medium?: string;
      campaign?: string;
      channel?: string;
      at: Date;
    },
  ) => {
    const id = `jd-${name}-${randomUUID().slice(0, 8)}`;
    await fx.run(
      `insert into analytics_sessions (session_id, visitor_id, channel, utm_source, utm_medium, utm_campaign,
         device_type, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, 'desktop', $7, $7)`,
      [
        id,
        patch.visitor ?? null,
        patch.channel ?? null,
        patch.source ?? null,
        patch.medium ?? null,
        patch.campaign ?? null,
        patch.at,
      ],
    );
    sessions[name] = id;
    return id;
  };
  const order = async (
    name: string,
    patch: { at: Date; paid?: boolean; amount?: number; session?: string; visitor?: string; email?: string },
  ) => {
    const { id } = await fx.order({
      isPaid: patch.paid ?? true,
      status: patch.paid === false ? 'NEW' : 'PAID',
      amount: patch.amount ?? 1000,
      createdAt: patch.at,
      ...(patch.email ? { email: patch.email } : {}),
    });
    await fx.run(`update orders set analytics_session_id = $2, analytics_visitor_id = $3 where id = $1`, [
      id,
      patch.session ?? null,
      patch.visitor ?? null,
    ]);
    orders[name] = id;
    return id;
  };

  const get = async <T>(url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  /** The report's figures from the raw rows only (the credit functions on every day's paths). */
  const rawAttribution = async (query: string) => {
    const params = new URLSearchParams(query);
    const db = ctx.database.db;
    const config = await readJourneyConfig(db);
    const credit = async (from: string, to: string) => {
      const range = { start: moscowDayStart(from).toISOString(), end: moscowDayStart(to, 1).toISOString() };
      return creditPaths(await readPaidOrderPaths(db, [range], config.windowHours), {
        groupBy: params.get('groupBy') === 'campaign' ? 'campaign' : 'channel',
        halfLifeHours: config.halfLifeHours,
        filters: {
          channel: params.get('channel') ?? undefined,
          source: params.get('source') ?? undefined,
          campaign: params.get('campaign') ?? undefined,
        },
      });
    };
    const current = await credit(params.get('from')!, params.get('to')!);
    const previousPeriodOf = () => {
      const from = params.get('from')!;
      const to = params.get('to')!;
      const days = Math.round((moscowDayStart(to).getTime() - moscowDayStart(from).getTime()) / DAY) + 1;
      return [moscowDate(moscowDayStart(from, -days)), moscowDate(moscowDayStart(from, -1))] as const;
    };
    const previous = params.get('compare') === 'true' ? await credit(...previousPeriodOf()) : null;
    const keys = new Set([...current.rows.keys(), ...(previous?.rows.keys() ?? [])]);
    const zero = { orders: 0, revenue: 0, margin: 0 };
    const models = (cents: Record<string, typeof zero> | undefined) =>
      Object.fromEntries(ATTRIBUTION_MODELS.map((model) => [model, cents?.[model] ?? zero]));
    return {
      rows: Object.fromEntries(
        [...keys].map((key) => [
          key,
          {
            models: models(current.rows.get(key)),
            previous: previous ? models(previous.rows.get(key)) : null,
          },
        ]),
      ),
      totals: current.totals,
    };
  };
  const reported = async (query: string) => {
    const report = await get<AttributionReport>(`/api/marketing/attribution?${query}`);
    const kopecks = (credits: Record<string, { orders: number; revenue: number; margin: number }>) =>
      Object.fromEntries(
        Object.entries(credits).map(([model, credit]) => [
          model,
          {
            orders: Math.round(credit.orders * 100),
            revenue: Math.round(credit.revenue * 100),
            margin: Math.round(credit.margin * 100),
          },
        ]),
      );
    return {
      rows: Object.fromEntries(
        report.rows.map((row) => [
          row.key,
          { models: kopecks(row.models), previous: row.previous ? kopecks(row.previous) : null },
        ]),
      ),
      totals: kopecks({ total: report.totals }).total,
      report,
    };
  };
  const rawTouchpoints = async (filters: Record<string, string> = {}) => {
    const { windowHours } = await readJourneyConfig(ctx.database.db);
    const range = { start: moscowDayStart(FROM).toISOString(), end: moscowDayStart(today, 1).toISOString() };
    const { orders: total, touches } = await countTouchedOrders(
      ctx.database.db,
      [range],
      windowHours,
      filters,
    );
    return { total, averageTouches: total ? Math.round((touches / total) * 100) / 100 : null };
  };
  /** Touchpoints' filters (any letter case): the stored days' rows of the filters' values (decision 096). */
  const TOUCH_FILTERS: Array<Record<string, string>> = [
    {},
    { channel: 'PAID' },
    { source: 'Yandex' },
    { campaign: 'spring' },
    { channel: 'direct' },
    { channel: 'organic', source: 'google' },
    { channel: 'email', campaign: 'LETTER' },
    { source: 'news', campaign: 'letter' },
    { channel: 'paid', source: 'yandex', campaign: 'autumn' },
  ];

  /** Every report equals its raw figures; the money too, model by model (kopecks). */
  const expectExact = async () => {
    for (const query of QUERIES) {
      const raw = await rawAttribution(query);
      const { rows, totals, report } = await reported(query);
      expect(rows, query).toEqual(raw.rows);
      expect(totals, query).toEqual(raw.totals);
      if (query.includes('compare=true')) expect(report.previousTotals).not.toBeNull();
    }
    for (const filters of TOUCH_FILTERS) {
      const touchpoints = await get<TouchpointsResponse>(
        `/api/marketing/touchpoints?${PERIOD}&${new URLSearchParams(filters).toString()}`,
      );
      expect(
        { total: touchpoints.total, averageTouches: touchpoints.averageTouches },
        JSON.stringify(filters),
      ).toEqual(await rawTouchpoints(filters));
    }
  };
  const validDays = async () =>
    (
      await fx.run<{ day: string }>(
        `select c.day::text as day from journey_closed_days c
          where c.version = coalesce((select version from journey_day_versions v where v.day = c.day), 0)
            and (c.window_hours, c.half_life_hours, c.test_emails) = (
              select attribution_window_hours, time_decay_half_life_hours, test_emails::text
                from analytics_config where id = 1)
          order by 1`,
      )
    ).map((row) => row.day);
  const close = () => ctx.services.marketingJourneys.journeyDays.closeDays();

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
    // Two visitors with paid, organic and e-mail touches, one order paid after three touches, one after one.
    await session('ads', {
      visitor: 'jd-v1',
      source: 'yandex',
      medium: 'cpc',
      campaign: 'spring',
      at: at(20),
    });
    await session('mail', {
      visitor: 'jd-v1',
      source: 'news',
      medium: 'email',
      campaign: 'letter',
      at: at(18),
    });
    await session('back', { visitor: 'jd-v1', at: at(15) });
    await order('three', { at: at(15, 14), amount: 1000.01, session: sessions.back, visitor: 'jd-v1' });
    await session('org', { visitor: 'jd-v2', source: 'google', medium: 'organic', at: at(10) });
    await order('one', { at: at(10, 13), amount: 2500, visitor: 'jd-v2' });
    await order('unpaid', { at: at(9), paid: false, amount: 700, visitor: 'jd-v2' });
    // No touches: direct; and an order linked only through a funnel stage of a session.
    await order('none', { at: at(8), amount: 999.99 });
    await session('stage', { source: 'vk', medium: 'social', campaign: 'club', at: at(6, 10) });
    await order('staged', { at: at(6, 11), amount: 1500 });
    await fx.run(
      `insert into funnel_stages (session_id, stage, order_id, created_at) values ($1, 'step_1', $2, $3)`,
      [sessions.stage, orders.staged, at(6, 10)],
    );
    // An order placed in a session that started longer than the window before it (a tab left open): the
    // session's visitor is still the order's.
    await session('stale', { at: at(38) });
    await order('stale', { at: at(5), amount: 1200, session: sessions.stale });
    // Recent days the job never stores (today, yesterday, the day before), read from the raw rows always; no
    // writer raises the version of today or yesterday.
    await session('recent', {
      visitor: 'jd-v3',
      source: 'yandex',
      medium: 'cpc',
      campaign: 'autumn',
      at: at(1, 9),
    });
    await order('recent', { at: at(1, 10), amount: 3000, visitor: 'jd-v3' });
    await order('today', { at: new Date(Date.now() - 60_000), amount: 400 });
  });
  afterAll(() => ctx?.close());

  it('stores the days at least three days old and reads them: the reports do not change', async () => {
    await expectExact();
    const before = await reported(QUERIES[0]!);
    const { days } = await close();
    expect(days).toBeGreaterThan(20);
    const valid = await validDays();
    expect(valid).toContain(dayAgo(15));
    expect(valid).toContain(dayAgo(3));
    expect(valid).not.toContain(dayAgo(2));
    expect(valid).not.toContain(today);
    await expectExact();
    expect((await reported(QUERIES[0]!)).report).toEqual(before.report);
    // A second run finds nothing to store.
    expect((await close()).days).toBe(0);

    // The stored rows are what the report reads: a credit changed by hand shows, then the day is stored again.
    await fx.run(
      `update journey_day_credits set orders = orders + 100 where day = $1 and model = 'first_touch'`,
      [dayAgo(10)],
    );
    const changed = await reported(QUERIES[0]!);
    expect(changed.rows.organic?.models.first_touch?.orders).toBe(
      (before.rows.organic?.models.first_touch?.orders ?? 0) + 100,
    );
    await fx.run(`delete from journey_closed_days where day = $1`, [dayAgo(10)]);
    expect((await close()).days).toBe(1);
    await expectExact();
  });

  it.each([
    [
      'an old order paid',
      () => fx.run(`update orders set is_paid = true, status = 'PAID' where id = $1`, [orders.unpaid]),
    ],
    ['an order deleted', () => fx.run(`update orders set deleted_at = now() where id = $1`, [orders.one])],
    [
      'an order linked to another session',
      () => fx.run(`update orders set analytics_session_id = $2 where id = $1`, [orders.none, sessions.ads]),
    ],
    [
      'a session’s channel corrected',
      () =>
        fx.run(
          `update analytics_sessions set channel = 'referral', utm_medium = 'referral' where session_id = $1`,
          [sessions.mail],
        ),
    ],
    [
      'an order’s creation moved within its day, before its last touch',
      () => fx.run(`update orders set created_at = $2 where id = $1`, [orders.three, at(15, 11)]),
    ],
    [
      'the visitor of an order’s session found past the window',
      () =>
        fx.run(`update analytics_sessions set visitor_id = 'jd-v1' where session_id = $1`, [sessions.stale]),
    ],
    [
      'a touch deleted (retention)',
      () => fx.run(`delete from analytics_sessions where session_id = $1`, [sessions.ads]),
    ],
    [
      'an old session stored late',
      () =>
        session('late', { visitor: 'jd-v2', source: 'mail', medium: 'email', campaign: 'late', at: at(11) }),
    ],
    [
      'a funnel stage linking an order',
      async () => {
        const id = await session('link', { source: 'ok', medium: 'social', at: at(8, 9) });
        await fx.run(
          `insert into funnel_stages (session_id, stage, order_id, created_at) values ($1, 'step_2', $2, $3)`,
          [id, orders.none, at(8, 9)],
        );
      },
    ],
    [
      'the attribution window and half-life',
      () =>
        fx.run(
          `update analytics_config set attribution_window_hours = 200, time_decay_half_life_hours = 24 where id = 1`,
        ),
    ],
    [
      'a test e-mail',
      async () => {
        const [row] = await fx.run<{ email: string }>(`select email from orders where id = $1`, [
          orders.three,
        ]);
        await fx.run(`update analytics_config set test_emails = $1::jsonb where id = 1`, [
          JSON.stringify([row!.email]),
        ]);
      },
    ],
  ])('%s: the days concerned go back to the raw rows until stored again', async (_name, write) => {
    const stored = await validDays();
    expect(stored.length).toBeGreaterThan(20);
    await write();
    expect((await validDays()).length).toBeLessThan(stored.length);
    await expectExact();
    expect((await close()).days).toBeGreaterThan(0);
    expect(await validDays()).toEqual(stored);
    await expectExact();
  });

  it('a write on a recent day raises no version', async () => {
    const versions = async () =>
      await fx.run(`select day::text, version from journey_day_versions order by 1`);
    const before = await versions();
    await fx.run(`update orders set is_paid = false where id = $1`, [orders.recent]);
    await session('fresh', {
      visitor: 'jd-v3',
      source: 'yandex',
      medium: 'cpc',
      at: new Date(Date.now() - DAY / 2),
    });
    await order('fresh', { at: new Date(), amount: 100, visitor: 'jd-v3' });
    expect(await versions()).toEqual(before);
    await expectExact();
  });
});
