import type {
  MarketingCampaign,
  MarketingCampaignsResponse,
  MarketingDashboardResponse,
} from '@app/contracts';
import { moscowDate } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import {
  BY_CAMPAIGN,
  BY_CHANNEL,
  BY_DAY,
  BY_SOURCE_MEDIUM,
  BY_UTM_TAGS,
  BY_UTM_TAGS_NO_VISITORS,
  KEY_SEPARATOR,
  readFigures,
  TOTAL,
  type Dimension,
  type ReportFilters,
  type ReportRange,
} from './marketing-figures.ts';
import { reportDb } from './report-db.ts';

// Decision 088: over a period longer than 31 days a visitor counts once per Moscow day in a group, and the period
// is the sum of its days — the closed days from analytics_visitor_days, the others from the raw sessions. Every
// figure below is checked against an oracle computed here from the fixture, before and after the days are stored
// and after a write gives a stored day back.

const NOW = new Date('2031-08-10T09:00:00Z'); // 12:00 in Moscow: «today» is 2031-08-10.
const LONG: ReportRange = { from: '2031-06-01', to: '2031-08-10' }; // 71 days: visitors summed by day
const SHORT: ReportRange = { from: '2031-07-11', to: '2031-08-10' }; // 31 days: exact distinct visitors

type Visit = {
  id: string;
  visitor: string | null;
  at: string;
  channel: string | null;
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
  internal?: boolean;
};
const VISITS: Visit[] = [
  // v1: two paid sessions and an organic one on 06-02, one on 06-03.
  {
    id: 'a1',
    visitor: 'v1',
    at: '2031-06-02T08:00:00Z',
    channel: 'paid',
    source: 'yandex',
    medium: 'cpc',
    campaign: 'Spring',
  },
  {
    id: 'a2',
    visitor: 'v1',
    at: '2031-06-02T12:00:00Z',
    channel: 'paid',
    source: 'Yandex',
    medium: 'cpc',
    campaign: 'spring',
  },
  { id: 'a3', visitor: 'v1', at: '2031-06-02T13:00:00Z', channel: 'organic' },
  {
    id: 'a4',
    visitor: 'v1',
    at: '2031-06-03T08:00:00Z',
    channel: 'paid',
    source: 'yandex',
    medium: 'cpc',
    campaign: 'spring',
    content: 'b',
  },
  // v2 on 06-02, and around Moscow midnight 06-04 / 06-05 (23:59 and 00:01).
  {
    id: 'b1',
    visitor: 'v2',
    at: '2031-06-02T09:00:00Z',
    channel: 'paid',
    source: 'google',
    medium: 'cpc',
    campaign: 'spring',
    content: 'a',
  },
  { id: 'b2', visitor: 'v2', at: '2031-06-04T20:59:00Z', channel: 'referral', source: 'blog' },
  { id: 'b3', visitor: 'v2', at: '2031-06-04T21:01:00Z', channel: 'referral', source: 'blog' },
  // No visitor id: the session is its own visitor.
  { id: 'c1', visitor: null, at: '2031-07-15T10:00:00Z', channel: 'direct' },
  { id: 'c2', visitor: null, at: '2031-07-15T11:00:00Z', channel: 'direct' },
  // v1 again in July and today; v3 with the autumn campaign.
  {
    id: 'a5',
    visitor: 'v1',
    at: '2031-07-20T10:00:00Z',
    channel: 'paid',
    source: 'yandex',
    medium: 'cpc',
    campaign: 'autumn',
  },
  {
    id: 'a6',
    visitor: 'v1',
    at: '2031-08-10T06:00:00Z',
    channel: 'paid',
    source: 'yandex',
    medium: 'cpc',
    campaign: 'Spring',
  },
  {
    id: 'd1',
    visitor: 'v3',
    at: '2031-08-01T10:00:00Z',
    channel: 'paid',
    source: 'yandex',
    medium: 'cpc',
    campaign: 'autumn',
  },
  {
    id: 'd2',
    visitor: 'v3',
    at: '2031-08-01T11:00:00Z',
    channel: 'paid',
    source: 'yandex',
    medium: 'cpc',
    campaign: 'spring',
  },
  // Internal: never counted.
  {
    id: 'x1',
    visitor: 'v9',
    at: '2031-06-02T10:00:00Z',
    channel: 'paid',
    source: 'yandex',
    campaign: 'spring',
    internal: true,
  },
];

const utmTags = (visit: Visit) =>
  [visit.source, visit.medium, visit.campaign, visit.content, undefined]
    .map((tag) => tag ?? '')
    .join(KEY_SEPARATOR)
    .toLowerCase();
const keys: Array<[string, Dimension, (visit: Visit, day: string) => string]> = [
  ['total', TOTAL, () => ''],
  ['channel', BY_CHANNEL, (visit) => visit.channel ?? ''],
  ['campaign', BY_CAMPAIGN, (visit) => (visit.campaign ?? '').toLowerCase()],
  [
    'source × medium',
    BY_SOURCE_MEDIUM,
    (visit) => `${visit.source ?? ''}${KEY_SEPARATOR}${visit.medium ?? ''}`,
  ],
  ['UTM tags', BY_UTM_TAGS, utmTags],
  ['day', BY_DAY, (_visit, day) => day],
  ['UTM links', BY_UTM_TAGS_NO_VISITORS, utmTags],
];
const FILTERS: ReportFilters[] = [
  {},
  { channel: 'PAID' },
  { source: 'yandex' },
  { campaign: 'SPRING' },
  { channel: 'paid', source: 'YANDEX', campaign: 'spring' },
  { channel: 'referral', source: 'blog' },
];

/** The oracle: sessions and visitors per key, visitors distinct per day (or over the whole period). */
function expected(
  visits: Visit[],
  range: ReportRange,
  filters: ReportFilters,
  key: (visit: Visit, day: string) => string,
  perDay: boolean,
) {
  const matches = (value: string | undefined | null, filter: string | undefined) =>
    filter === undefined || (value ?? '').toLowerCase() === filter.toLowerCase();
  const result = new Map<string, { sessions: number; visitors: Set<string> }>();
  for (const visit of visits) {
    const day = moscowDate(new Date(visit.at));
    if (visit.internal || day < range.from || day > range.to) continue;
    if (!matches(visit.channel, filters.channel) || !matches(visit.source, filters.source)) continue;
    if (!matches(visit.campaign, filters.campaign)) continue;
    const group = key(visit, day);
    const entry = result.get(group) ?? { sessions: 0, visitors: new Set<string>() };
    entry.sessions += 1;
    entry.visitors.add(`${perDay ? day : ''} ${visit.visitor ?? visit.id}`);
    result.set(group, entry);
  }
  return Object.fromEntries(
    [...result].map(([group, entry]) => [group, { sessions: entry.sessions, visitors: entry.visitors.size }]),
  );
}

describe('visitors summed by day over a long period (decision 088)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  const visits = [...VISITS];
  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => NOW } });
    manager = await ctx.staffAuth(...DEMO.manager);
    for (const visit of visits) await insert(visit);
  });
  afterAll(() => ctx?.close());

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];
  const insert = (visit: Visit) =>
    sql(
      `insert into analytics_sessions (session_id, visitor_id, channel, utm_source, utm_medium, utm_campaign,
                                       utm_content, is_internal, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        visit.id,
        visit.visitor,
        visit.channel,
        visit.source ?? null,
        visit.medium ?? null,
        visit.campaign ?? null,
        visit.content ?? null,
        visit.internal ?? false,
        visit.at,
      ],
    );

  const actual = async (range: ReportRange, filters: ReportFilters, dimension: Dimension) =>
    Object.fromEntries(
      [
        ...(await readFigures(reportDb(ctx.database.db, 0), range, filters, {
          ...dimension,
          orders: null,
          spend: null,
        })),
      ].map(([group, figures]) => [group, { sessions: figures.sessions, visitors: figures.visitors }]),
    );
  /** Every dimension and filter over the long period (by day) and the short one (exact; by day for days). */
  const expectAll = async () => {
    for (const [name, dimension, key] of keys)
      for (const filters of FILTERS) {
        const label = `${name} ${JSON.stringify(filters)}`;
        expect(await actual(LONG, filters, dimension), label).toEqual(
          expected(visits, LONG, filters, key, true),
        );
        expect(await actual(SHORT, filters, dimension), label).toEqual(
          expected(visits, SHORT, filters, key, dimension.stored?.always === true),
        );
      }
  };
  const closedDays = async () =>
    (await sql<{ day: string }>('select day::text from analytics_closed_days order by 1')).map(
      (row) => row.day,
    );

  it('counts the same from the raw sessions, from the stored days, and after a stored day is given back', async () => {
    // The oracle itself: v1 on 06-02 counts once in all, and in each channel it came by that day.
    const total = expected(visits, LONG, {}, () => '', true)['']!;
    expect(total).toEqual({ sessions: 13, visitors: 10 }); // v1 on 4 days, v2 on 3, c1, c2, v3
    expect(expected(visits, LONG, {}, () => '', false)['']).toEqual({ sessions: 13, visitors: 5 });
    await expectAll();

    expect(await ctx.services.analytics.closeDays()).toMatchObject({ days: 69 }); // 06-02 … 08-09
    expect(await closedDays()).toHaveLength(69);
    await expectAll();

    // The report reads the stored rows: a count changed by hand shows.
    await sql(
      `update analytics_visitor_days set visitors = visitors + 100 where grain = 0 and day = '2031-06-02'`,
    );
    expect((await actual(LONG, {}, TOTAL))['']!.visitors).toBe(110);
    await sql(
      `update analytics_visitor_days set visitors = visitors - 100 where grain = 0 and day = '2031-06-02'`,
    );

    // A session stored late, a visitor learnt later, a tag corrected: each gives its day back.
    const late: Visit = {
      id: 'e1',
      visitor: 'v4',
      at: '2031-06-20T10:00:00Z',
      channel: 'paid',
      source: 'yandex',
      campaign: 'spring',
    };
    visits.push(late);
    await insert(late);
    expect(await closedDays()).not.toContain('2031-06-20');
    await expectAll();
    await ctx.services.analytics.closeDays();
    await sql(`update analytics_sessions set visitor_id = 'v2' where session_id = 'c1'`);
    visits.find((visit) => visit.id === 'c1')!.visitor = 'v2';
    expect(await closedDays()).not.toContain('2031-07-15');
    await expectAll();
    await ctx.services.analytics.closeDays();
    await sql(`update analytics_sessions set utm_medium = 'banner' where session_id = 'a2'`);
    visits.find((visit) => visit.id === 'a2')!.medium = 'banner';
    expect(await closedDays()).not.toContain('2031-06-02');
    await expectAll();
    await ctx.services.analytics.closeDays();
    await expectAll();
  });

  it('the dashboard and the campaigns report show them, the campaigns’ total as the campaigns’ sum', async () => {
    const query = `from=${LONG.from}&to=${LONG.to}`;
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/reports/dashboard?${query}`,
      headers: manager,
    });
    expect(dashboard.statusCode).toBe(200);
    const body = dashboard.json<MarketingDashboardResponse>();
    expect(body.totals.visitors).toBe(expected(visits, LONG, {}, () => '', true)['']!.visitors);
    const perDay = expected(visits, LONG, {}, (_visit, day) => day, true);
    expect(body.byDay.filter((day) => day.visitors > 0)).toEqual(
      Object.entries(perDay)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, figures]) => expect.objectContaining({ date, ...figures })),
    );

    for (const [name, utmCampaign] of [
      ['Весна', 'spring'],
      ['Осень', 'autumn'],
    ]) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/marketing/campaigns',
        headers: manager,
        payload: { name, utmCampaign, channel: 'paid' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<MarketingCampaign>().utmCampaign).toBe(utmCampaign);
    }
    const campaigns = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/campaigns?${query}&compare=true`,
      headers: manager,
    });
    expect(campaigns.statusCode).toBe(200);
    const report = campaigns.json<MarketingCampaignsResponse>();
    const byCampaign = expected(visits, LONG, {}, (visit) => (visit.campaign ?? '').toLowerCase(), true);
    expect(Object.fromEntries(report.items.map((item) => [item.utmCampaign, item.figures.visitors]))).toEqual(
      { autumn: byCampaign.autumn!.visitors, spring: byCampaign.spring!.visitors },
    );
    // v3 came by both campaigns on 08-01: once in each, twice in the total (the sum of the rows).
    expect(report.totals.visitors).toBe(byCampaign.autumn!.visitors + byCampaign.spring!.visitors);
    expect(report.totals.sessions).toBe(byCampaign.autumn!.sessions + byCampaign.spring!.sessions);
    expect(report.previous?.visitors).toBe(0);
  });
});
