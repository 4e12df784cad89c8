import type { MarketingEventsResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// Decision 087: the events explorer's sessions per event group (a session counts once per Moscow day it has events
// on) come from analytics_event_session_days for the days the closing job stored, and from the raw rows for the
// others. After every write below the report must equal the same figure computed from the raw rows, and the
// writes that change a stored day must give it back to the raw rows.

const NOW = new Date('2031-06-10T09:00:00Z'); // 12:00 in Moscow: «today» is 2031-06-10.
const PERIOD = 'from=2031-06-01&to=2031-06-10';

describe('stored distinct sessions of closed days', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => NOW } });
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx?.close());

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];

  const session = (id: string, channel: string, source: string | null = null, internal = false) =>
    sql(
      `insert into analytics_sessions (session_id, channel, utm_source, is_internal, created_at, last_seen_at)
       values ($1, $2, $3, $4, '2031-06-01T08:00:00Z', '2031-06-01T08:00:00Z')`,
      [id, channel, source, internal],
    );
  const event = (sessionId: string, at: string, type: string, page = '/') =>
    sql(
      `insert into analytics_events (session_id, event_type, event_category, page_path, created_at)
       values ($1, $2, 'ui', $3, $4)`,
      [sessionId, type, page, at],
    );

  const report = async (query = PERIOD) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/reports/events?${query}`,
      headers: manager,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<MarketingEventsResponse>();
    return {
      total: body.totals.sessions,
      groups: Object.fromEntries(
        body.events.map((row) => [`${row.eventType} ${row.pagePath}`, row.sessions]),
      ),
    };
  };
  /** The figure from the raw rows: each (Moscow day, session, group) once. */
  const raw = async (from: string, to: string, channel?: string) => {
    const scope = `not s.is_internal and order_stats_day(e.created_at) between $1::date and $2::date
      and ($3::text is null or lower(coalesce(s.channel, '')) = lower($3))`;
    const groups = await sql<{ key: string; sessions: number }>(
      `select e.event_type || ' ' || coalesce(e.page_path, '') as key, count(*)::int as sessions from (
         select distinct order_stats_day(e.created_at), e.session_id, e.event_type, e.event_category, e.page_path
           from analytics_events e join analytics_sessions s using (session_id) where ${scope}) e
        group by 1`,
      [from, to, channel ?? null],
    );
    const [total] = await sql<{ sessions: number }>(
      `select count(*)::int as sessions from (
         select distinct order_stats_day(e.created_at), e.session_id
           from analytics_events e join analytics_sessions s using (session_id) where ${scope}) x`,
      [from, to, channel ?? null],
    );
    return {
      total: total!.sessions,
      groups: Object.fromEntries(groups.map((row) => [row.key, row.sessions])),
    };
  };
  const expectExact = async () => {
    expect(await report()).toEqual(await raw('2031-06-01', '2031-06-10'));
    expect(await report(`${PERIOD}&channel=paid`)).toEqual(await raw('2031-06-01', '2031-06-10', 'paid'));
  };
  const closedDays = async () =>
    (await sql<{ day: string }>('select day::text from analytics_closed_days order by 1')).map(
      (row) => row.day,
    );

  it('stores the days that are over, and the report adds them to today’s raw rows', async () => {
    await session('cd-a', 'paid', 'yandex');
    await session('cd-b', 'organic');
    await session('cd-internal', 'paid', 'yandex', true);
    // cd-a: page_view on /price on two days (two sessions of that group: one per day), and around Moscow midnight.
    await event('cd-a', '2031-06-02T10:00:00Z', 'page_view', '/price');
    await event('cd-a', '2031-06-02T11:00:00Z', 'page_view', '/price');
    await event('cd-a', '2031-06-02T20:59:00Z', 'click');
    await event('cd-a', '2031-06-02T21:01:00Z', 'click'); // 00:01 on 06-03 in Moscow
    await event('cd-a', '2031-06-05T09:00:00Z', 'page_view', '/price');
    await event('cd-b', '2031-06-05T09:30:00Z', 'page_view', '/price');
    await event('cd-b', '2031-06-10T06:00:00Z', 'form_submit', '/order'); // today
    await event('cd-internal', '2031-06-05T09:00:00Z', 'page_view', '/price');
    const before = await report();
    expect(before).toEqual(await raw('2031-06-01', '2031-06-10'));
    expect(before.total).toBe(5); // cd-a on 06-02, 06-03, 06-05; cd-b on 06-05 and 06-10
    expect(before.groups).toEqual({ 'page_view /price': 3, 'click /': 2, 'form_submit /order': 1 });

    // From the oldest session's day (06-01; decision 088 stores the days' visitors too) to yesterday: 9 days, in
    // two transactions of at most 7.
    expect(await ctx.services.analytics.closeDays()).toMatchObject({ days: 9 });
    expect(await closedDays()).toEqual([
      '2031-06-01',
      '2031-06-02',
      '2031-06-03',
      '2031-06-04',
      '2031-06-05',
      '2031-06-06',
      '2031-06-07',
      '2031-06-08',
      '2031-06-09',
    ]);
    expect(await report()).toEqual(before);
    await expectExact();
    expect(await ctx.services.analytics.closeDays()).toMatchObject({ days: 0 });

    // The report reads the stored counts (a count changed there shows), today's from the raw rows.
    await sql(`update analytics_event_session_days set sessions = sessions + 100
                where day = '2031-06-05' and event_type = 'page_view' and channel = 'paid'`);
    expect((await report()).groups['page_view /price']).toBe(103);
    await sql(`update analytics_event_session_days set sessions = sessions - 100
                where day = '2031-06-05' and event_type = 'page_view' and channel = 'paid'`);
    await event('cd-b', '2031-06-10T07:00:00Z', 'form_submit', '/order');
    await event('cd-a', '2031-06-10T07:00:00Z', 'form_submit', '/order');
    expect((await report()).groups['form_submit /order']).toBe(2);
    expect(await closedDays()).toHaveLength(9);
    await expectExact();
  });

  it('a write that changes a stored day gives it back to the raw rows until it is stored again', async () => {
    // The stored days left when every day of cd-a's events (06-02, 06-03, 06-05) is given back.
    const DAYS_WITHOUT_CD_A = ['2031-06-04', '2031-06-06', '2031-06-07', '2031-06-08', '2031-06-09'];
    // An event stored late on a closed day.
    await event('cd-b', '2031-06-03T12:00:00Z', 'click');
    expect(await closedDays()).not.toContain('2031-06-03');
    expect(await sql(`select 1 from analytics_event_session_days where day = '2031-06-03'`)).toEqual([]);
    await expectExact();

    // A session's channel corrected: the days of its events.
    await ctx.services.analytics.closeDays();
    await sql(`update analytics_sessions set channel = 'referral' where session_id = 'cd-a'`);
    expect(await closedDays()).toEqual(DAYS_WITHOUT_CD_A);
    await expectExact();

    // The internal flag, and the tracker's own update of the last visit (changes nothing counted, reopens nothing);
    // a visitor learnt later gives back the sessions' own day only (their visitors, decision 088).
    await ctx.services.analytics.closeDays();
    await sql(`update analytics_sessions set last_seen_at = now() where true`);
    expect(await closedDays()).toHaveLength(9);
    await sql(`update analytics_sessions set last_seen_at = now(), visitor_id = 'v-1' where true`);
    expect(await closedDays()).toHaveLength(8);
    expect(await closedDays()).not.toContain('2031-06-01'); // the sessions' day; their events' days stay
    await ctx.services.analytics.closeDays();
    await sql(
      `update analytics_sessions set last_seen_at = now(), visitor_id = coalesce(visitor_id, 'v-2') where true`,
    );
    expect(await closedDays()).toHaveLength(9);
    await sql(`update analytics_sessions set is_internal = false where session_id = 'cd-internal'`);
    expect(await closedDays()).not.toContain('2031-06-05');
    await expectExact();

    // Events that came before their session: the session's arrival gives their day back.
    await ctx.services.analytics.closeDays();
    await event('cd-late', '2031-06-07T10:00:00Z', 'page_view', '/price');
    await ctx.services.analytics.closeDays();
    expect(await closedDays()).toContain('2031-06-07');
    await session('cd-late', 'paid');
    expect(await closedDays()).not.toContain('2031-06-07');
    await expectExact();

    // Deleted events and sessions (the retention job deletes table by table), and a truncate.
    await ctx.services.analytics.closeDays();
    await sql(`delete from analytics_events where session_id = 'cd-b' and created_at < '2031-06-06'`);
    expect(await closedDays()).not.toContain('2031-06-05');
    await expectExact();
    await ctx.services.analytics.closeDays();
    await sql(`delete from analytics_sessions where session_id = 'cd-a'`);
    expect(await closedDays()).toEqual(DAYS_WITHOUT_CD_A);
    await expectExact();
    await ctx.services.analytics.closeDays();
    await expectExact();
    await sql('truncate analytics_events');
    expect(await closedDays()).toEqual([]);
    await ctx.services.analytics.closeDays();
    await sql('truncate analytics_sessions');
    expect(await closedDays()).toEqual([]);
    // Nothing left to store: the job stores no day.
    expect(await ctx.services.analytics.closeDays()).toMatchObject({ days: 0 });
    expect(await report()).toEqual({ total: 0, groups: {} });
  });
});
