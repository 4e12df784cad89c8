import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// The funnel reads the rollup funnel_sessions (decision 080), kept by the triggers of funnel_stages. Each step
// below writes the way the product does (tracker batches, the server's order stages, the retention job, a stored
// session's internal flag) and then checks two things: the rollup equals its recomputation from the stages
// (funnel_sessions_computed), and the report equals the raw computation the funnel made before the rollup
// (`rawFunnel`: the stages grouped per session every time, decision 068) for periods that cut sessions in two.

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const STAGES = ['landing', 'calculator_used', 'step_1', 'step_2', 'step_3', 'order_created', 'paid'] as const;
/** A Moscow wall-clock time of May 2031 (UTC+3). */
const msk = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2031, 4, day, hour - 3, minute));
const PERIODS = [
  ['2031-05-01', '2031-05-31'],
  ['2031-05-02', '2031-05-02'],
  ['2031-05-03', '2031-05-03'],
  ['2031-05-03', '2031-05-06'],
  ['2031-05-04', '2031-05-09'],
];

const SIGNED_IN_AT = msk(2, 23, 40);
let now = SIGNED_IN_AT;

type Cell = { key: string; stage: string; n: number };
const compareCells = (a: Cell, b: Cell) =>
  a.key === b.key ? (a.stage < b.stage ? -1 : 1) : a.key < b.key ? -1 : 1;
/** Breakdown cells (sessions per key and stage, '*' = entered) in one order whatever sorted them. */
const byKeyAndStage = (cells: Cell[]) => [...cells].sort(compareCells);

describe('funnel rollup', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];

  beforeAll(async () => {
    ctx = await createTestContext({
      clock: { now: () => now },
      env: { RATE_LIMIT_ANALYTICS_PER_SESSION: '1000', RATE_LIMIT_ANALYTICS_PER_IP: '1000' },
    });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx?.close());

  const batch = async (
    at: Date,
    sessionId: string,
    stages: string[],
    session: Record<string, string> | null = {},
  ) => {
    now = at;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/batch',
      headers: { 'user-agent': BROWSER },
      payload: {
        sessionId,
        session: session && { landingPage: 'https://app.example.ru/', ...session },
        items: stages.map((stage, index) => ({
          kind: 'funnel_stage',
          clientEventId: `${sessionId}-${at.getTime()}-${index}`,
          stage,
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const orderStage = async (
    at: Date,
    sessionId: string,
    stage: 'order_created' | 'paid',
    orderId: string,
  ) => {
    now = at;
    await ctx.database.db.transaction((tx) =>
      ctx.services.analytics.recordOrderStage(tx, stage, {
        id: orderId,
        analyticsSessionId: sessionId,
        amount: 1500,
        userId: null,
      }),
    );
  };

  /** The funnel as decision 068 computed it: the period's stages grouped per session and stage, each time. */
  const rawFunnel = async (from: string, to: string, windowDays: number, channel?: string) => {
    const start = new Date(`${from}T00:00:00+03:00`).toISOString();
    const end = new Date(new Date(`${to}T00:00:00+03:00`).getTime() + 86_400_000).toISOString();
    const reached = `select f.session_id, f.stage, min(f.created_at) as at, min(s.created_at) as session_start,
          min(coalesce(nullif(s.channel, ''), 'direct')) as channel,
          min(coalesce(nullif(s.device_type, ''), 'unknown')) as device
        from funnel_stages f left join analytics_sessions s on s.session_id = f.session_id
        where f.created_at >= $1::timestamptz and f.created_at < $2::timestamptz
          and coalesce(s.is_internal, false) = false
          and ${channel ? `s.session_id is not null and lower(s.channel) = lower('${channel}')` : 'true'}
        group by f.session_id, f.stage`;
    const counts = await sql<{ stage: string; n: number }>(
      `select stage, count(*)::int as n from (${reached}) r group by stage`,
      [start, end],
    );
    const medians = await sql<{ stage: string; minutes: number }>(
      `with r as (${reached})
       select p.next as stage,
              percentile_cont(0.5) within group (order by extract(epoch from (b.at - a.at)) / 60) as minutes
       from (values ${STAGES.slice(1)
         .map((stage, index) => `('${STAGES[index]}', '${stage}')`)
         .join(', ')}) p(prev, next)
       join r a on a.stage = p.prev
       join r b on b.stage = p.next and b.session_id = a.session_id and b.at >= a.at
       group by p.next`,
      [start, end],
    );
    const [totals] = await sql<{ entered: number; paid_within: number }>(
      `with r as (${reached})
       select count(distinct session_id)::int as entered,
              count(distinct session_id) filter (where stage = 'paid'
                and extract(epoch from (at - coalesce(session_start, at))) <= ${windowDays * 86_400})::int as paid_within
       from r`,
      [start, end],
    );
    const breakdown = async (column: string) =>
      sql<Cell>(
        `select ${column} as key, stage, count(*)::int as n from (${reached}) r group by 1, 2
         union all
         select ${column} as key, '*', count(distinct session_id)::int from (${reached}) r group by 1`,
        [start, end],
      ).then(byKeyAndStage);
    const countOf = new Map(counts.map((row) => [row.stage, row.n]));
    const medianOf = new Map(medians.map((row) => [row.stage, Math.round(Number(row.minutes) * 10) / 10]));
    return {
      entered: totals!.entered,
      sessions: STAGES.map((stage) => countOf.get(stage) ?? 0),
      medians: STAGES.map((stage, index) => (index > 0 ? (medianOf.get(stage) ?? null) : null)),
      paidWithinWindow: totals!.paid_within,
      byChannel: await breakdown(`coalesce(channel, 'direct')`),
      byDevice: await breakdown('device'),
    };
  };
  const reported = async (from: string, to: string, windowDays: number, channel?: string) => {
    const writing = now;
    now = SIGNED_IN_AT; // the staff session is checked against the clock; the report does not read it
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/funnel?from=${from}&to=${to}&windowDays=${windowDays}${channel ? `&channel=${channel}` : ''}`,
      headers: admin,
    });
    now = writing;
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<FunnelReport>();
    const cells = (rows: FunnelReport['byChannel']) =>
      byKeyAndStage(
        rows.flatMap((row) => [
          { key: row.key, stage: '*', n: row.entered },
          ...STAGES.filter((stage) => row.stages[stage] > 0).map((stage) => ({
            key: row.key,
            stage,
            n: row.stages[stage],
          })),
        ]),
      );
    return {
      entered: report.entered,
      sessions: report.stages.map((row) => row.sessions),
      medians: report.stages.map((row) => row.medianMinutesFromPrevious),
      paidWithinWindow: report.paidWithinWindow,
      byChannel: cells(report.byChannel),
      byDevice: cells(report.byDevice),
    };
  };
  // multi_day is generated from the row's own columns (decision 098); the view has no such column.
  const rollupRows = async () =>
    (await sql('select * from funnel_sessions order by session_id')).map(
      ({ multi_day: _multiDay, ...row }) => row,
    );
  const computedRows = () => sql('select * from funnel_sessions_computed order by session_id');
  /** The rollup equals its recomputation, and every period's report equals the raw computation. */
  const expectExact = async () => {
    expect(await rollupRows()).toEqual(await computedRows());
    for (const [from, to] of PERIODS)
      for (const [windowDays, channel] of [[1], [7], [30, 'paid']] as const) {
        const raw = await rawFunnel(from!, to!, windowDays, channel);
        expect(await reported(from!, to!, windowDays, channel), `${from}…${to}, ${windowDays} d`).toEqual(
          raw,
        );
      }
  };

  it('tracker batches, across midnight and repeated, equal the raw computation', async () => {
    // A paid-search visitor lands late on 2 May and comes back after midnight (landing again: split days).
    await batch(msk(2, 23, 40), 'rollup-late-1', ['landing', 'calculator_used'], {
      utmSource: 'yandex',
      utmMedium: 'cpc',
    });
    await batch(msk(3, 0, 15), 'rollup-late-1', ['landing', 'step_1']);
    await batch(msk(3, 0, 20), 'rollup-late-1', ['step_2', 'step_3']);
    // Same-day visitors: organic, one retried beacon (stored once), one repeat of a stage within the day.
    await batch(msk(3, 10), 'rollup-day-1', ['landing', 'calculator_used', 'step_1'], {
      utmSource: 'google',
      utmMedium: 'organic',
    });
    await batch(msk(3, 10), 'rollup-day-1', ['landing', 'calculator_used', 'step_1']);
    await batch(msk(3, 11), 'rollup-day-2', ['step_1', 'step_1', 'step_2']);
    // A stage whose session is stored later, and a visitor of 1 May the retention job will remove.
    await batch(msk(4, 9), 'rollup-nosession', ['landing'], null);
    await batch(msk(1, 12), 'rollup-old-1', ['landing', 'calculator_used'], {
      utmSource: 'vk',
      utmMedium: 'social',
    });
    await expectExact();
  });

  it('the server’s order stages days later, an internal session and the retention job keep it exact', async () => {
    await orderStage(msk(3, 0, 30), 'rollup-late-1', 'order_created', '00000000-0000-4000-8000-0000000f0001');
    await orderStage(msk(6, 12), 'rollup-late-1', 'paid', '00000000-0000-4000-8000-0000000f0001');
    await orderStage(msk(3, 12), 'rollup-day-2', 'order_created', '00000000-0000-4000-8000-0000000f0002');
    // A second order of the same session paid on another day: order_created is split across days.
    await orderStage(msk(5, 8), 'rollup-day-2', 'order_created', '00000000-0000-4000-8000-0000000f0003');
    await orderStage(msk(5, 9), 'rollup-day-2', 'paid', '00000000-0000-4000-8000-0000000f0003');
    await sql(
      `insert into analytics_sessions (session_id, is_internal, created_at, last_seen_at)
       values ('rollup-office-1', true, $1, $1)`,
      [msk(4, 10)],
    );
    await batch(msk(4, 10, 5), 'rollup-office-1', ['landing', 'calculator_used']);
    await batch(msk(4, 9, 30), 'rollup-nosession', [], { utmSource: 'vk', utmMedium: 'social' });
    await expectExact();
    // The internal flag set afterwards (an office address added to the configuration and applied to its sessions).
    await sql(`update analytics_sessions set is_internal = true where session_id = 'rollup-day-1'`);
    await expectExact();
    expect(await sql(`select session_id from funnel_sessions where split_days order by 1`)).toEqual([
      { session_id: 'rollup-day-2' },
      { session_id: 'rollup-late-1' },
    ]);

    // Retention: everything recorded before 3 May goes (the late visitor's first landing and calculator).
    await sql(`update analytics_config set retention_days = 30 where id = 1`);
    now = new Date(msk(2, 23, 59).getTime() + 30 * 86_400_000);
    const purged = await ctx.services.analytics.purgeExpired();
    expect(purged).toMatchObject({ funnel_stages: 4, analytics_sessions: 1 });
    await expectExact();
    expect(
      await sql(
        `select session_id, split_days from funnel_sessions where session_id in ('rollup-late-1', 'rollup-old-1') order by 1`,
      ),
    ).toEqual([{ session_id: 'rollup-late-1', split_days: false }]);
  });
});
