import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate, moscowDayStart, type LeadScoreRule, type LeadScoringReport } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';
import { sql } from 'drizzle-orm';
import { arrayParam } from './journey-sql.ts';
import { leadScoresValidUntil } from './lead-scoring.service.ts';

// Decision 097: lead scoring reads the session days at least three days old from lead_score_days /
// lead_score_day_sessions once the job stored them (as of a report day), and the other days from the raw rows.
// After every write below the report must equal the same report computed from the raw rows alone. The database's
// clock decides which days are old enough, so the fixture lies in the last few weeks before today.

const today = moscowDate(new Date());
const dayAgo = (n: number) => moscowDate(moscowDayStart(today, -n));
const at = (n: number, hour = 12) => new Date(moscowDayStart(dayAgo(n)).getTime() + hour * 3_600_000);
const PERIOD = `from=${dayAgo(40)}&to=${today}`;
const QUERIES = [
  PERIOD,
  `from=${dayAgo(12)}&to=${dayAgo(4)}&compare=true`,
  // Filtered: the stored days' rows and counts of the matching channels, sources, campaigns (case aside).
  `${PERIOD}&channel=PAID`,
  `${PERIOD}&source=yandex`,
  `${PERIOD}&channel=paid&campaign=Autumn`,
];
const RULES: LeadScoreRule[] = [
  { eventType: 'form_submit', eventAction: 'step_2', points: 30, decayDays: 0 },
  { eventType: 'calculator', eventAction: null, points: 24, decayDays: 3 },
  { eventType: 'page_view', eventAction: null, points: 8, decayDays: 7 },
  { eventType: 'exit', eventAction: null, points: -5, decayDays: 0 },
];

describe('leadScoresValidUntil', () => {
  it('is the first day a score halves again: per rule with a half-life, per event day', () => {
    const rules: LeadScoreRule[] = [
      { eventType: 'a', eventAction: null, points: 10, decayDays: 7 },
      { eventType: 'b', eventAction: null, points: 10, decayDays: 0 },
    ];
    // Ten days old on 2026-03-11: halved once at 7 days, again at 14 (2026-03-15).
    expect(leadScoresValidUntil(['2026-03-01'], rules, '2026-03-11')).toBe('2026-03-15');
    expect(leadScoresValidUntil(['2026-03-01', '2026-03-05'], rules, '2026-03-11')).toBe('2026-03-12');
    // An event day after the report day (a clock ahead): still whole at 0 days, halved at 7.
    expect(leadScoresValidUntil(['2026-03-12'], rules, '2026-03-11')).toBe('2026-03-19');
    expect(leadScoresValidUntil(['2026-03-01'], [rules[1]!], '2026-03-11')).toBeNull();
    expect(leadScoresValidUntil([], rules, '2026-03-11')).toBeNull();
  });
});

describe('lead scoring per closed day', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;
  const sessions: Record<string, string> = {};

  const session = async (
    name: string,
    when: Date,
    patch: { visitor?: string; userId?: string; channel?: string; source?: string; campaign?: string } = {},
  ) => {
    const id = `lsd-${name}`;
    await fx.run(
      `insert into analytics_sessions (session_id, visitor_id, user_id, channel, utm_source, utm_campaign,
         device_type, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, 'desktop', $7, $7)`,
      [
        id,
        patch.visitor ?? null,
        patch.userId ?? null,
        patch.channel ?? 'organic',
        patch.source ?? null,
        patch.campaign ?? null,
        when,
      ],
    );
    sessions[name] = id;
    return id;
  };
  const event = (sessionId: string, type: string, action: string | null, when: Date) =>
    fx.run(
      `insert into analytics_events (session_id, event_type, event_action, created_at) values ($1, $2, $3, $4)`,
      [sessionId, type, action, when],
    );
  const get = async <T>(url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const report = (query: string) => get<LeadScoringReport>(`/api/marketing/lead-scoring?${query}`);

  /** The reports with the stored days set aside (then put back as they were): the raw rows alone. */
  const rawReports = async () => {
    const [days] = await fx.run<{ rows: unknown; sessions: unknown; groups: unknown }>(
      `select coalesce((select json_agg(c) from lead_score_days c), '[]') as rows,
              coalesce((select json_agg(s) from lead_score_day_sessions s), '[]') as sessions,
              coalesce((select json_agg(g) from lead_score_day_groups g), '[]') as groups`,
    );
    await fx.run(`delete from lead_score_days`);
    const reports = [];
    for (const query of QUERIES) reports.push(await report(query));
    await fx.run(
      `insert into lead_score_days select * from json_populate_recordset(null::lead_score_days, $1::json)`,
      [JSON.stringify(days!.rows)],
    );
    await fx.run(
      `insert into lead_score_day_sessions
         select * from json_populate_recordset(null::lead_score_day_sessions, $1::json)`,
      [JSON.stringify(days!.sessions)],
    );
    await fx.run(
      `insert into lead_score_day_groups select * from json_populate_recordset(null::lead_score_day_groups, $1::json)`,
      [JSON.stringify(days!.groups)],
    );
    return reports;
  };
  const expectExact = async () => {
    const stored = [];
    for (const query of QUERIES) stored.push(await report(query));
    expect(stored).toEqual(await rawReports());
    return stored;
  };
  const validDays = async () =>
    (
      await fx.run<{ day: string }>(
        `select c.day::text as day from lead_score_days c
          where c.version = coalesce((select version from lead_score_day_versions v where v.day = c.day), 0)
            and c.as_of <= $1::date and (c.valid_until is null or c.valid_until > $1::date)
            and c.rules_key = (select lead_score_rules::text || '|' || hot_lead_threshold::text
                                 from analytics_config where id = 1)
          order by 1`,
        [today],
      )
    ).map((row) => row.day);
  const close = (asOf?: string) => ctx.services.marketingJourneys.leadScoreDays.closeDays(asOf);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
    await fx.run(
      `update analytics_config set hot_lead_threshold = 50, lead_score_rules = $1::jsonb where id = 1`,
      [JSON.stringify(RULES)],
    );
    const [customer] = await fx.run<{ id: string }>(`select id from users where email = $1`, [DEMO.customer]);
    // 150 sessions over 30 days, one to three page views each and some calculator uses: more scored sessions than
    // the page lists, spread over days, so the period's top is merged from the days' tops.
    for (let index = 0; index < 150; index += 1) {
      const day = 1 + (index % 30);
      // Every third from paid ads (Yandex, two campaigns): more than the page lists in the filtered reports too.
      const paid = index % 3 === 0;
      const id = await session(
        `s${index}`,
        at(day, 8 + (index % 10)),
        paid ? { channel: 'paid', source: 'Yandex', campaign: index % 2 === 0 ? 'autumn' : 'spring' } : {},
      );
      for (let view = 0; view <= index % 3; view += 1) await event(id, 'page_view', null, at(day, 9 + view));
      if (index % 4 === 0) await event(id, 'calculator', null, at(day, 10));
      if (index % 7 === 0) await event(id, 'exit', null, at(day, 11));
    }
    // Hot candidates: a customer's session, one with an unpaid order, one spanning midnight (its second day's
    // events decay from that day).
    const hot = await session('customer', at(9, 10), { userId: customer!.id });
    await event(hot, 'form_submit', 'step_2', at(9, 10));
    await event(hot, 'form_submit', 'step_2', at(9, 10));
    await event(hot, 'calculator', null, at(9, 11));
    const open = await session('open', at(14, 10), { visitor: 'lsd-v-open' });
    await event(open, 'form_submit', 'step_2', at(14, 10));
    await event(open, 'form_submit', 'step_2', at(14, 10));
    await event(open, 'calculator', null, at(14, 11));
    await event(open, 'page_view', null, at(14, 11));
    const order = await fx.order({ isPaid: false, status: 'NEW', amount: 900, createdAt: at(14, 12) });
    await fx.run(
      `update orders set analytics_session_id = $2, analytics_visitor_id = 'lsd-v-open' where id = $1`,
      [order.id, open],
    );
    const night = await session('night', at(6, 23));
    await event(night, 'form_submit', 'step_2', at(6, 23));
    await event(night, 'calculator', null, at(5, 1));
    // Recent days, never stored.
    const recent = await session('recent', at(1, 9));
    await event(recent, 'form_submit', 'step_2', at(1, 9));
    await event(recent, 'calculator', null, at(1, 9));
  });
  afterAll(() => ctx?.close());

  it('stores the days at least three days old and reads them: the report does not change', async () => {
    const before = await expectExact();
    expect(before[0]!.scoredSessions).toBeGreaterThan(100);
    expect(before[0]!.hotLeads.map((lead) => lead.sessionId).sort()).toEqual(
      [sessions.customer, sessions.open].sort(),
    );
    const { days } = await close();
    expect(days).toBeGreaterThan(25);
    const valid = await validDays();
    expect(valid).toContain(dayAgo(14));
    expect(valid).toContain(dayAgo(3));
    expect(valid).not.toContain(dayAgo(2));
    expect(await expectExact()).toEqual(before);
    // A second run finds nothing to store.
    expect((await close()).days).toBe(0);

    // The stored rows are what the report reads: a score changed by hand shows, then the day is stored again.
    await fx.run(`update lead_score_day_sessions set score = score + 1000 where session_id = $1`, [
      sessions.open,
    ]);
    const changed = await report(QUERIES[0]!);
    expect(changed.sessions[0]).toMatchObject({ sessionId: sessions.open });
    expect(changed.sessions[0]!.score).toBe(
      before[0]!.sessions.find((row) => row.sessionId === sessions.open)!.score + 1000,
    );
    // A filtered report reads the matching groups' rows and counts.
    const paidBefore = await report(QUERIES[2]!);
    await fx.run(`update lead_score_day_sessions set score = score + 2000 where session_id = $1`, [
      sessions.s3,
    ]);
    await fx.run(
      `update lead_score_day_groups set scored_sessions = scored_sessions + 50
        where day = $1 and channel = 'paid' and utm_campaign = 'spring'`,
      [dayAgo(4)],
    );
    const paidChanged = await report(QUERIES[2]!);
    expect(paidChanged.sessions[0]).toMatchObject({ sessionId: sessions.s3 });
    expect(paidChanged.scoredSessions).toBe(paidBefore.scoredSessions + 50);
    await fx.run(`delete from lead_score_days where day in ($1, $2, $3)`, [dayAgo(14), dayAgo(4), dayAgo(3)]);
    expect((await close()).days).toBe(3);
    await expectExact();
  });

  it.each([
    ['a late event on an old session', () => event(sessions.s3!, 'form_submit', 'step_2', new Date())],
    [
      'an event deleted',
      () =>
        fx.run(`delete from analytics_events where session_id = $1 and event_type = 'form_submit'`, [
          sessions.customer,
        ]),
    ],
    [
      'an event’s type changed',
      () =>
        fx.run(`update analytics_events set event_type = 'calculator' where session_id = $1`, [sessions.s10]),
    ],
    [
      'a session marked internal',
      () => fx.run(`update analytics_sessions set is_internal = true where session_id = $1`, [sessions.open]),
    ],
    [
      'a session’s channel corrected',
      () =>
        fx.run(
          `update analytics_sessions set channel = 'paid', utm_source = 'yandex' where session_id = $1`,
          [sessions.s4],
        ),
    ],
    [
      'a session deleted (retention)',
      () => fx.run(`delete from analytics_sessions where session_id = $1`, [sessions.s20]),
    ],
    [
      'an old session stored late',
      async () => {
        const id = await session('late', at(11, 15));
        await event(id, 'form_submit', 'step_2', at(11, 15));
        await event(id, 'form_submit', 'step_2', at(11, 16));
      },
    ],
    [
      'another rule',
      () =>
        fx.run(`update analytics_config set lead_score_rules = $1::jsonb where id = 1`, [
          JSON.stringify([...RULES, { eventType: 'exit', eventAction: null, points: 7, decayDays: 2 }]),
        ]),
    ],
    ['another threshold', () => fx.run(`update analytics_config set hot_lead_threshold = 20 where id = 1`)],
  ])('%s: the report stays exact, and again once the job stores the days anew', async (_name, write) => {
    expect(await validDays()).not.toHaveLength(0);
    await write();
    await expectExact();
    await close();
    await expectExact();
    expect(await validDays()).toContain(dayAgo(3));
  });

  it('passes a list as one array parameter, the text quoted', async () => {
    const values = ['a,b', 'c"d', 'e\\f', '{g}', ''];
    const result = (await ctx.database.db.execute(
      sql`select unnest(${arrayParam(values, 'text')}) as v`,
    )) as unknown as { rows: Array<{ v: string }> };
    expect(result.rows.map((row) => row.v)).toEqual(values);
  });

  it('days stored as of an earlier day hold only until one of their events halves again', async () => {
    await fx.run(`update analytics_config set lead_score_rules = $1::jsonb where id = 1`, [
      JSON.stringify(RULES),
    ]);
    await fx.run(`delete from lead_score_days`);
    const earlier = moscowDate(moscowDayStart(today, -1));
    await close(earlier);
    const [counts] = await fx.run<{ stored: number; holding: number }>(
      `select count(*)::int as stored,
              count(*) filter (where valid_until is null or valid_until > $1::date)::int as holding
         from lead_score_days`,
      [today],
    );
    // Some days hold for today (no half-life crossed since yesterday), the others are read raw.
    expect(counts!.holding).toBeGreaterThan(0);
    expect(counts!.holding).toBeLessThan(counts!.stored);
    await expectExact();
    // Today's run stores only the days that no longer hold, and the one day that became three days old.
    expect((await close()).days).toBe(counts!.stored - counts!.holding + 1);
    await expectExact();
  });
});
