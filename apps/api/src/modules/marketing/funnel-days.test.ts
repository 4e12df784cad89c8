import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate, moscowDayStart, type FunnelReport } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { middleBuckets } from './funnel.service.ts';

// Decision 098: the funnel reads the days at least three days old from funnel_day_cells / funnel_day_durations
// once the job stored them (their one-day sessions), and every other session — the days not stored, sessions of
// more than one day, split ones — from the raw rows. After every write below the reports must equal the same
// reports with the stored days set aside, medians to the last bit. The database's clock decides which days are old
// enough, so the fixture lies in the last few weeks before today.

const today = moscowDate(new Date());
const dayAgo = (n: number) => moscowDate(moscowDayStart(today, -n));
/** A moment `n` days ago at a Moscow wall-clock hour (fractions: minutes). */
const at = (n: number, hour: number) => new Date(moscowDayStart(dayAgo(n)).getTime() + hour * 3_600_000);
const QUERIES = [
  `from=${dayAgo(40)}&to=${today}`,
  `from=${dayAgo(40)}&to=${today}&windowDays=1`,
  `from=${dayAgo(40)}&to=${today}&windowDays=90&sort=-paid`,
  `from=${dayAgo(12)}&to=${dayAgo(5)}&compare=true`,
  // Cuts the sessions of more than one day in two.
  `from=${dayAgo(20)}&to=${dayAgo(19)}&windowDays=3`,
];
const STAGES = ['landing', 'calculator_used', 'step_1', 'step_2', 'step_3', 'order_created', 'paid'];

describe('middleBuckets', () => {
  it('finds the buckets of the two middle values and their ranks within them', () => {
    // 2 + 3 + 1 values: the middle ones are the 3rd and 4th (0-based 2 and 3), both in bucket 2 — [0.01, 0.0125) —
    // its first (its least) and its second (read).
    expect(
      middleBuckets([
        { stage: 'step_1', bucket: 1, n: 2, low: 0, high: 0.005 },
        { stage: 'step_1', bucket: 2, n: 3, low: 0.01, high: 0.012 },
        { stage: 'step_1', bucket: 5, n: 1, low: 0.02, high: 0.02 },
      ]),
    ).toEqual([{ stage: 'step_1', low: 0.01, high: 0.0125, ranks: [1, 2], known: [0.01, null] }]);
    // 1 + 1 values: the two middle ones straddle buckets 3 and 4 (each its bucket's only value: both known); 3
    // values in one bucket, all equal (the parts of two days add up).
    const [straddle, equal] = middleBuckets([
      { stage: 'paid', bucket: 3, n: 1, low: 0.013, high: 0.013 },
      { stage: 'paid', bucket: 4, n: 1, low: 0.016, high: 0.016 },
      { stage: 'step_2', bucket: 85, n: '2', low: '7', high: '7' },
      { stage: 'step_2', bucket: 85, n: 1, low: 7, high: 7 },
    ]);
    expect(straddle).toEqual({
      stage: 'paid',
      low: 0.0125,
      high: 0.01 * 1.25 ** 3,
      ranks: [1, 2],
      known: [0.013, 0.016],
    });
    expect(equal).toEqual({
      stage: 'step_2',
      low: 0.01 * 1.25 ** 83,
      high: Infinity,
      ranks: [2, 2],
      known: [7, 7],
    });
    // 5 values in one bucket from 1 to 9: the middle one (the 3rd) is read.
    expect(middleBuckets([{ stage: 'step_3', bucket: 40, n: 5, low: 1, high: 9 }])[0]!.known).toEqual([
      null,
      null,
    ]);
  });
});

describe('funnel per closed day', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const run = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];
  const session = (id: string, when: Date, patch: { channel?: string; device?: string } = {}) =>
    run(
      `insert into analytics_sessions (session_id, channel, device_type, created_at, last_seen_at)
       values ($1, $2, $3, $4, $4)`,
      [id, patch.channel ?? 'organic', patch.device ?? 'desktop', when],
    );
  const stage = (id: string, name: string, when: Date) =>
    run(`insert into funnel_stages (session_id, stage, created_at) values ($1, $2, $3)`, [id, name, when]);
  const report = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/marketing/funnel?${query}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FunnelReport>();
  };
  const reports = async () => {
    const all = [];
    for (const query of QUERIES) all.push(await report(query));
    return all;
  };
  /** The reports with the stored days set aside (then put back as they were): the raw rows alone. */
  const rawReports = async () => {
    const [saved] = await run<{ days: unknown; cells: unknown; durations: unknown }>(
      `select coalesce((select json_agg(c) from funnel_closed_days c), '[]') as days,
              coalesce((select json_agg(c) from funnel_day_cells c), '[]') as cells,
              coalesce((select json_agg(d) from funnel_day_durations d), '[]') as durations`,
    );
    await run(`delete from funnel_closed_days`);
    const raw = await reports();
    for (const [table, rows] of [
      ['funnel_closed_days', saved!.days],
      ['funnel_day_cells', saved!.cells],
      ['funnel_day_durations', saved!.durations],
    ] as const)
      await run(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
        JSON.stringify(rows),
      ]);
    return raw;
  };
  const expectExact = async () => {
    const stored = await reports();
    expect(stored).toEqual(await rawReports());
    return stored;
  };
  const validDays = async () =>
    (
      await run<{ day: string }>(
        `select c.day::text as day from funnel_closed_days c
          where c.version = coalesce((select version from funnel_day_versions v where v.day = c.day), 0)
          order by 1`,
      )
    ).map((row) => row.day);
  const close = () => ctx.services.marketingJourneys.funnelDays.closeDays();

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    // 120 one-day sessions over 30 days, two channels and devices, reaching a varying depth of the funnel after
    // varying minutes (some equal, some zero); every fifth paid after its order.
    for (let index = 0; index < 120; index += 1) {
      const day = 3 + (index % 30);
      const id = `fd-${index}`;
      await session(id, at(day, 8), {
        channel: index % 3 === 0 ? 'paid' : 'organic',
        device: index % 2 === 0 ? 'desktop' : 'mobile',
      });
      const depth = 1 + (index % STAGES.length);
      for (let step = 0; step < depth; step += 1)
        await stage(
          id,
          STAGES[step]!,
          at(day, 9 + step * ((index % 11) / 7) + (index % 5 === 0 ? 0 : step / 60)),
        );
    }
    // A session without a stored session row, one internal, one of more than one day (its order on one day, its
    // payment two days later), one split (a stage recorded on two days), one paid months after it started.
    await stage('fd-no-session', 'step_1', at(10, 12));
    await stage('fd-no-session', 'step_2', at(10, 12.5));
    await session('fd-internal', at(9, 10));
    await run(`update analytics_sessions set is_internal = true where session_id = 'fd-internal'`);
    await stage('fd-internal', 'landing', at(9, 10));
    await session('fd-multi', at(21, 10), { channel: 'paid' });
    await stage('fd-multi', 'landing', at(21, 10));
    await stage('fd-multi', 'order_created', at(21, 11));
    await stage('fd-multi', 'paid', at(19, 15));
    await session('fd-split', at(16, 23));
    await stage('fd-split', 'step_1', at(16, 23.5));
    await stage('fd-split', 'step_1', at(15, 1));
    await stage('fd-split', 'step_2', at(15, 2));
    await run(
      `insert into analytics_sessions (session_id, channel, device_type, created_at, last_seen_at)
       values ('fd-old-start', 'organic', 'tablet', $1, $1)`,
      [new Date(at(8, 9).getTime() - 40 * 86_400_000)],
    );
    await stage('fd-old-start', 'order_created', at(8, 9));
    await stage('fd-old-start', 'paid', at(8, 10));
    // Recent days, never stored.
    await session('fd-recent', at(1, 9));
    await stage('fd-recent', 'landing', at(1, 9));
    await stage('fd-recent', 'step_1', at(1, 9.2));
  });
  afterAll(() => ctx?.close());

  it('stores the days at least three days old and reads them: the reports do not change', async () => {
    const before = await expectExact();
    expect(before[0]!.stages.find((row) => row.stage === 'step_1')!.medianMinutesFromPrevious).not.toBeNull();
    const { days } = await close();
    expect(days).toBe(30);
    const valid = await validDays();
    expect(valid).toContain(dayAgo(21));
    expect(valid).toContain(dayAgo(3));
    expect(valid).not.toContain(dayAgo(2));
    expect(await expectExact()).toEqual(before);
    expect((await close()).days).toBe(0);

    // The stored rows are what the report reads: a count changed by hand shows, then the day is stored again.
    await run(`update funnel_day_cells set entered = entered + 100 where day = $1 and channel = 'paid'`, [
      dayAgo(3),
    ]);
    expect((await report(QUERIES[0]!)).entered).toBe(before[0]!.entered + 100);
    await run(`delete from funnel_closed_days where day = $1`, [dayAgo(3)]);
    expect((await close()).days).toBe(1);
    await expectExact();
  });

  it.each([
    ['a late stage on an old session (paid today)', () => stage('fd-7', 'paid', new Date())],
    ['an old stage recorded late', () => stage('fd-8', 'step_3', at(11, 20))],
    [
      'a stage deleted',
      () => run(`delete from funnel_stages where session_id = 'fd-12' and stage = 'step_1'`),
    ],
    [
      'a session marked internal',
      () => run(`update analytics_sessions set is_internal = true where session_id = 'fd-13'`),
    ],
    [
      'a session’s channel corrected',
      () => run(`update analytics_sessions set channel = 'referral' where session_id = 'fd-14'`),
    ],
    [
      'a session purged (retention)',
      async () => {
        await run(`delete from funnel_stages where session_id = 'fd-15'`);
        await run(`delete from analytics_sessions where session_id = 'fd-15'`);
      },
    ],
  ])('%s: the reports stay exact, and again once the job stores the days anew', async (_name, write) => {
    expect(await validDays()).not.toHaveLength(0);
    await write();
    await expectExact();
    expect((await close()).days).toBeGreaterThan(0);
    await expectExact();
  });
});
