import { sql, type SQL } from 'drizzle-orm';
import {
  moscowDayStart,
  MARKETING_FUNNEL_STAGE_LABELS,
  MARKETING_FUNNEL_STAGES,
  previousPeriod,
  type FunnelBreakdownRow,
  type FunnelQuery,
  type FunnelReport,
  type FunnelStageRow,
  type MarketingFunnelStage,
} from '@app/contracts';
import type { ReportDb } from './report-db.ts';
import { csvRow } from '../../lib/csv.ts';
import { inSnapshot, liveRanges, type TimeRange } from './journey-days.ts';
import {
  arrayParam,
  percentOf,
  periodBounds,
  rowsOf,
  sessionChannelSql,
  sessionFiltersSql,
} from './journey-sql.ts';

const STAGE_PAIRS = MARKETING_FUNNEL_STAGES.slice(1).map(
  (stage, index): [MarketingFunnelStage, MarketingFunnelStage] => [MARKETING_FUNNEL_STAGES[index]!, stage],
);

/** The rollup's column of each stage (funnel_sessions, decision 080). */
const STAGE_COLUMNS: Record<MarketingFunnelStage, string> = {
  landing: 'landing_at',
  calculator_used: 'calculator_used_at',
  step_1: 'step_1_at',
  step_2: 'step_2_at',
  step_3: 'step_3_at',
  order_created: 'order_created_at',
  paid: 'paid_at',
};
const stageColumns = (render: (stage: MarketingFunnelStage) => SQL): SQL =>
  sql.join(
    MARKETING_FUNNEL_STAGES.map((stage) => sql`${render(stage)} as ${sql.identifier(stage)}`),
    sql`, `,
  );

/**
 * Which sessions `reachedSql` reads: all that touch the period, or (decision 098, beside stored days) the one-day
 * sessions of the given ranges only, with or without the sessions of more than one day and the split ones.
 */
type Scope =
  { kind: 'all' } | { kind: 'raw-part'; oneDayRanges: readonly TimeRange[]; includeMultiDay: boolean };
const ALL: Scope = { kind: 'all' };

/**
 * The fixed bucket edges of the minutes between stages (decision 098): 0, then 0.01 minutes growing by a quarter
 * up to about 1.3 million minutes (two and a half years); a bucket is [edge, next edge), the last one open.
 */
export const FUNNEL_MINUTE_EDGES: readonly number[] = [
  0,
  ...Array.from({ length: 84 }, (_, index) => 0.01 * 1.25 ** index),
];
const EDGES_SQL = arrayParam(FUNNEL_MINUTE_EDGES, 'float8');
/** Days of «paid after n whole days» kept per stored cell: 0 to 90 (the longest window), then one for more. */
export const PAID_DAYS_KEPT = 91;

/** Each session's minutes from the stage before to each stage (rows of `r`), one row per stage reached after it. */
const durationsSql = (reached: SQL) => sql`
  select x.stage, x.v
  from (${reached}) r
  cross join lateral unnest(
    ${arrayParam(
      STAGE_PAIRS.map(([, next]) => next),
      'text',
    )},
    array[${sql.join(
      STAGE_PAIRS.map(([prev, next]) => {
        const [a, b] = [sql`r.${sql.identifier(prev)}`, sql`r.${sql.identifier(next)}`];
        return sql`case when ${b} >= ${a} then date_part('epoch', ${b} - ${a}) / 60 end`;
      }),
      sql`, `,
    )}]::float8[]
  ) as x(stage, v)
  where x.v is not null`;

/**
 * One row per public (non-internal) session matching the filters with a stage recorded in the period: the first
 * time it reached each stage in the period (a column per stage, null when not in it), its start, channel and
 * device; a stage whose session was never stored counts unless a filter asks about it. Read from the rollup
 * `funnel_sessions` (the session's columns copied into it): its first time of a stage is the first in the period whenever the stage's records lie on one
 * Moscow day (the period is whole Moscow days); a session whose stage was recorded on two days (`split_days`, a
 * few) is grouped from its raw stages.
 */
function reachedSql(
  query: Pick<FunnelQuery, 'channel' | 'source' | 'campaign'>,
  period: { from: string; to: string },
  scope: Scope = ALL,
): SQL {
  const { start, end } = periodBounds(period);
  const filtered = Boolean(query.channel || query.source || query.campaign);
  const inPeriod = (at: SQL) =>
    sql`case when ${at} >= ${start}::timestamptz and ${at} < ${end}::timestamptz then ${at} end`;
  const touches = (range: TimeRange) =>
    sql`(f.last_at >= ${range.start}::timestamptz and f.first_at < ${range.end}::timestamptz)`;
  const touchesPeriod = touches({ start, end });
  const sessionColumns = sql.raw(
    'f.session_start, f.channel, f.utm_source, f.utm_medium, f.utm_campaign, f.device_type, f.is_internal',
  );
  const unsplit = (where: SQL) =>
    sql`select f.session_id, ${sessionColumns},
               ${stageColumns((stage) => inPeriod(sql`f.${sql.identifier(STAGE_COLUMNS[stage])}`))}
        from funnel_sessions f
        where ${where} and not f.split_days`;
  // Decision 098: beside stored days, the sessions of more than one day (their own partial index) and the one-day
  // sessions of the days not stored; the split sessions below, as always.
  const unsplitRows =
    scope.kind === 'all'
      ? unsplit(touchesPeriod)
      : sql.join(
          [
            ...(scope.includeMultiDay ? [unsplit(sql`${touchesPeriod} and f.multi_day`)] : []),
            ...(scope.oneDayRanges.length
              ? [unsplit(sql`(${sql.join(scope.oneDayRanges.map(touches), sql` or `)}) and not f.multi_day`)]
              : []),
          ],
          sql` union all `,
        );
  const splitRows = scope.kind === 'all' || scope.includeMultiDay;
  return sql`with fs as (
               ${unsplitRows}
               ${splitRows ? sql`union all` : sql``}
               ${
                 splitRows
                   ? sql`select f.session_id, ${sessionColumns},
                      ${stageColumns((stage) => sql`min(r.created_at) filter (where r.stage = ${stage})`)}
               from funnel_sessions f
               join funnel_stages r on r.session_id = f.session_id
                 and r.created_at >= ${start}::timestamptz and r.created_at < ${end}::timestamptz
               where ${touchesPeriod} and f.split_days
               group by f.session_id`
                   : sql``
               }
             )
             select ${sql.join(
               MARKETING_FUNNEL_STAGES.map((stage) => sql`fs.${sql.identifier(stage)}`),
               sql`, `,
             )}, fs.session_start, ${sessionChannelSql('fs')} as channel,
                    coalesce(nullif(fs.device_type, ''), 'unknown') as device
             from fs
             where coalesce(${sql.join(
               MARKETING_FUNNEL_STAGES.map((stage) => sql`fs.${sql.identifier(stage)}`),
               sql`, `,
             )}) is not null
               and not fs.is_internal
               and ${filtered ? sql`fs.session_start is not null and ${sessionFiltersSql('fs', query)}` : sql`true`}`;
}

/** Sessions per stage (`count(stage)`), as columns named after the stages. */
const stageCountsSql = stageColumns((stage) => sql`count(r.${sql.identifier(stage)})`);

type Figures = Omit<FunnelReport, 'windowDays' | 'byChannel' | 'byDevice' | 'previous'>;

function sortBreakdown(rows: FunnelBreakdownRow[], sort: FunnelQuery['sort']): FunnelBreakdownRow[] {
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as 'entered' | 'paid' | 'conversion' | 'key';
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const order = key === 'key' ? a.key.localeCompare(b.key, 'ru') : (a[key] ?? -1) - (b[key] ?? -1);
    return order * direction || a.key.localeCompare(b.key, 'ru');
  });
}

type Cell = Record<MarketingFunnelStage, number | string> & {
  channel: string;
  device: string;
  entered: number | string;
  paid_within: number | string;
};
/** A period's figures before they are summed: its cells (channel × device) and each stage's median minutes. */
type Parts = { cells: Cell[]; medianOf: (stage: MarketingFunnelStage) => number | null };

/** The sessions (rows of `reached`) per channel × device: entered, paid within the window, per stage. */
function rawCells(db: ReportDb, query: FunnelQuery, reached: SQL): Promise<Cell[]> {
  return rowsOf<Cell>(
    db,
    sql`select coalesce(r.channel, 'direct') as channel, r.device, count(*) as entered,
               count(*) filter (
                 where r.paid is not null
                   and extract(epoch from (r.paid - coalesce(r.session_start, r.paid))) <= ${query.windowDays * 86_400}
               ) as paid_within,
               ${stageCountsSql}
        from (${reached}) r
        group by 1, 2`,
  );
}

/** The condition on a stored funnel day `c` of still being valid: computed at the day's current version. */
export const validFunnelDaySql = sql`c.version = coalesce((select v.version from funnel_day_versions v where v.day = c.day), 0)`;

/** The period's valid stored days (decision 098). */
async function storedFunnelDays(db: ReportDb, period: { from: string; to: string }): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select c.day::text as day from funnel_closed_days c
         where c.day >= ${period.from}::date and c.day <= ${period.to}::date and ${validFunnelDaySql}`,
  );
  return rows.map((row) => row.day);
}

type BucketRow = {
  stage: string;
  bucket: number | string;
  n: number | string;
  low: number | string | null;
  high: number | string | null;
};

/**
 * Per stage, from the count of its minutes per bucket with the bucket's least and greatest value: the ranks (1-based,
 * within the values from `low` on) of the two middle values percentile_cont(0.5) reads (one when the count is odd),
 * the range [low, high) of the buckets holding them, and each middle value already `known` when it is its bucket's
 * least or greatest or the bucket holds one value only (then nothing is read).
 */
export function middleBuckets(rows: readonly BucketRow[]): Array<{
  stage: string;
  low: number;
  high: number;
  ranks: [number, number];
  known: [number | null, number | null];
}> {
  type Bucket = { n: number; low: number; high: number };
  const perStage = new Map<string, Map<number, Bucket>>();
  for (const row of rows) {
    const buckets = perStage.get(row.stage) ?? new Map<number, Bucket>();
    const bucket = buckets.get(Number(row.bucket)) ?? { n: 0, low: Infinity, high: -Infinity };
    bucket.n += Number(row.n);
    if (row.low !== null) bucket.low = Math.min(bucket.low, Number(row.low));
    if (row.high !== null) bucket.high = Math.max(bucket.high, Number(row.high));
    buckets.set(Number(row.bucket), bucket);
    perStage.set(row.stage, buckets);
  }
  return [...perStage].flatMap(([stage, buckets]) => {
    const ordered = [...buckets].filter(([, bucket]) => bucket.n > 0).sort(([a], [b]) => a - b);
    const total = ordered.reduce((sum, [, bucket]) => sum + bucket.n, 0);
    if (total === 0) return [];
    const position = (total - 1) / 2;
    const wanted = [Math.floor(position), Math.ceil(position)] as const;
    const locate = (rank: number) => {
      let before = 0;
      for (const [index, bucket] of ordered) {
        if (rank < before + bucket.n) {
          const at = rank - before;
          const known =
            bucket.low === bucket.high || at === 0 ? bucket.low : at === bucket.n - 1 ? bucket.high : null;
          return { index, before, known };
        }
        before += bucket.n;
      }
      throw new Error('rank past the counted values');
    };
    const [first, second] = [locate(wanted[0]), locate(wanted[1])];
    // Bucket b (1-based, as width_bucket counts) holds [edge b - 1, edge b) of the 0-based edges; the last is open.
    const low = FUNNEL_MINUTE_EDGES[first.index - 1]!;
    const high = second.index < FUNNEL_MINUTE_EDGES.length ? FUNNEL_MINUTE_EDGES[second.index]! : Infinity;
    return [
      {
        stage,
        low,
        high,
        ranks: [wanted[0] - first.before + 1, wanted[1] - first.before + 1] as [number, number],
        known: [first.known, second.known] as [number | null, number | null],
      },
    ];
  });
}

/**
 * The statements that compute one closed day's stored rows (decision 098) from its one-day sessions: its cells
 * (channel × device, with «paid after n whole days») and its minutes per stage (bucket counts and the sorted
 * negated values). Each is a `select` for the repository's insert.
 */
export function funnelDaySql(day: string): { cells: SQL; durations: SQL } {
  const range = { start: moscowDayStart(day).toISOString(), end: moscowDayStart(day, 1).toISOString() };
  const noFilters = { channel: undefined, source: undefined, campaign: undefined };
  const reached = reachedSql(
    noFilters,
    { from: day, to: day },
    {
      kind: 'raw-part',
      oneDayRanges: [range],
      includeMultiDay: false,
    },
  );
  const stageCounts = sql.join(
    MARKETING_FUNNEL_STAGES.map((stage) => sql`count(r.${sql.identifier(stage)})`),
    sql`, `,
  );
  return {
    cells: sql`with r as materialized (
                 select r.*, coalesce(r.channel, 'direct') as cell_channel,
                        case when r.paid is not null then least(greatest(
                          ceil(extract(epoch from (r.paid - coalesce(r.session_start, r.paid))) / 86400), 0),
                          ${PAID_DAYS_KEPT})::int end as paid_days
                 from (${reached}) r
               ),
               paid as (
                 select cell_channel, device, paid_days, count(*) as n from r
                 where paid_days is not null group by 1, 2, 3
               )
               select ${day}::date, r.cell_channel, r.device, count(*), ${stageCounts},
                      array(select coalesce((select p.n from paid p
                                              where p.cell_channel = r.cell_channel and p.device = r.device
                                                and p.paid_days = g), 0)::int
                            from generate_series(0, ${PAID_DAYS_KEPT}) g order by g)
               from r group by r.cell_channel, r.device`,
    durations: sql`with d as materialized (${durationsSql(reached)}),
                   h as (select stage, width_bucket(v, ${EDGES_SQL}) as bucket, count(*) as n, min(v) as low,
                                max(v) as high
                         from d group by 1, 2)
                   select ${day}::date, d.stage,
                          array(select coalesce((select h.n from h where h.stage = d.stage and h.bucket = g), 0)::int
                                from generate_series(1, ${FUNNEL_MINUTE_EDGES.length}) g order by g),
                          array(select (select h.low from h where h.stage = d.stage and h.bucket = g)
                                from generate_series(1, ${FUNNEL_MINUTE_EDGES.length}) g order by g),
                          array(select (select h.high from h where h.stage = d.stage and h.bucket = g)
                                from generate_series(1, ${FUNNEL_MINUTE_EDGES.length}) g order by g),
                          array_agg(-d.v order by -d.v)
                   from d group by d.stage`,
  };
}

export type FunnelService = ReturnType<typeof createFunnelService>;

/**
 * The order funnel (decision 068): an open funnel — a session counts at every stage it reached in the period,
 * whether or not it passed the earlier ones (visitors enter at step 1 from an ad), so a step's conversion may pass
 * 100 %. Entered: sessions with any stage in the period.
 */
export function createFunnelService(deps: { db: ReportDb }) {
  const { db } = deps;

  /**
   * The period's figures, and its breakdowns by channel and by device when asked: two statements side by side,
   * each one pass over the period's sessions — the counts per channel × device (a few dozen cells, summed below
   * into the totals and both breakdowns) and the six medians (one sort each; the counts' pass is a parallel
   * hash aggregate). One statement with the sessions in a materialized CTE wrote them to disk and read them once
   * per part, on one core.
   */
  /** The period's raw figures: the cells and the six medians, two statements side by side (decision 095). */
  async function fromRawRows(query: FunnelQuery, period: { from: string; to: string }): Promise<Parts> {
    const medians = STAGE_PAIRS.map(([prev, next]) => {
      const [a, b] = [sql`r.${sql.identifier(prev)}`, sql`r.${sql.identifier(next)}`];
      // date_part, not extract: extract gives numeric (PostgreSQL 14+), and its division per session cost a third
      // of a year's medians; the float8 of date_part is what percentile_cont sorts anyway (equal to the last bit
      // or one unit in it, far below the tenth of a minute shown).
      return sql`percentile_cont(0.5) within group (order by date_part('epoch', ${b} - ${a}) / 60)
                   filter (where ${b} >= ${a}) as ${sql.identifier(`median_${next}`)}`;
    });
    const [cells, [row]] = await Promise.all([
      rawCells(db, query, reachedSql(query, period)),
      rowsOf<Record<string, number | string | null>>(
        db,
        sql`select ${sql.join(medians, sql`, `)} from (${reachedSql(query, period)}) r`,
      ),
    ]);
    return {
      cells,
      medianOf: (stage) => {
        const minutes = row?.[`median_${stage}`] ?? null;
        return minutes === null ? null : Number(minutes);
      },
    };
  }

  /**
   * Decision 098: the stored days' cells and minutes beside the raw rows of the others (the one-day sessions of the
   * days not stored, the sessions of more than one day and the split ones), in the caller's snapshot. The medians
   * stay exact: the buckets' counts find the bucket of the middle values, and only that bucket's values are sorted.
   */
  async function fromStoredDays(
    tx: ReportDb,
    query: FunnelQuery,
    period: { from: string; to: string },
    days: string[],
  ): Promise<Parts> {
    const reached = reachedSql(query, period, {
      kind: 'raw-part',
      oneDayRanges: liveRanges(period, new Set(days)),
      includeMultiDay: true,
    });
    const daysSql = arrayParam(days, 'date');
    const stageColumnsSum = sql.join(
      MARKETING_FUNNEL_STAGES.map(
        (stage) => sql`sum(c.${sql.identifier(stage)}) as ${sql.identifier(stage)}`,
      ),
      sql`, `,
    );
    const cells = [
      ...(await rawCells(tx, query, reached)),
      ...(await rowsOf<Cell>(
        tx,
        sql`select c.channel, c.device, sum(c.entered) as entered,
                   sum((select coalesce(sum(n), 0) from unnest(c.paid_by_days[1:${query.windowDays + 1}]) n))
                     as paid_within,
                   ${stageColumnsSum}
            from funnel_day_cells c where c.day = any(${daysSql})
            group by 1, 2`,
      )),
    ];
    // The count of minutes per stage and bucket, with the bucket's least and greatest value, raw and stored.
    const buckets = await rowsOf<BucketRow>(
      tx,
      sql`with d as materialized (${durationsSql(reached)})
          select stage, bucket, sum(n) as n, min(low) as low, max(high) as high from (
            select stage, width_bucket(v, ${EDGES_SQL}) as bucket, count(*) as n, min(v) as low, max(v) as high
            from d group by 1, 2
            union all
            select s.stage, h.bucket, sum(h.n), min(h.low), max(h.high) from funnel_day_durations s
            cross join lateral unnest(s.histogram, s.bucket_lows, s.bucket_highs)
              with ordinality as h(n, low, high, bucket)
            where s.day = any(${daysSql}) and h.n > 0
            group by 1, 2
          ) t group by 1, 2`,
    );
    const all = middleBuckets(buckets);
    const medians = new Map<string, number>();
    const lerp = (first: number, second: number, ranks: readonly [number, number]) =>
      // percentile_cont(0.5): the lower middle value, moved half-way to the upper one (float8_lerp).
      ranks[0] === ranks[1] ? first : first + (second - first) * 0.5;
    for (const middle of all)
      if (middle.known[0] !== null && middle.known[1] !== null)
        medians.set(middle.stage, lerp(middle.known[0], middle.known[1], middle.ranks));
    const middles = all.filter((middle) => !medians.has(middle.stage));
    if (middles.length) {
      // The middle values themselves: only their buckets' values are read (a slice of each stored day's sorted
      // values) and ranked.
      const lows = arrayParam(
        middles.map((m) => m.low),
        'float8',
      );
      const highs = arrayParam(
        middles.map((m) => m.high),
        'float8',
      );
      const firstRanks = arrayParam(
        middles.map((m) => m.ranks[0]),
        'int',
      );
      const secondRanks = arrayParam(
        middles.map((m) => m.ranks[1]),
        'int',
      );
      const rows = await rowsOf<{
        stage: string;
        v: number | string;
        first: number | string;
        last: number | string;
      }>(
        tx,
        sql`with d as materialized (${durationsSql(reached)}),
            b as (
              select * from unnest(${arrayParam(
                middles.map((m) => m.stage),
                'text',
              )}, ${lows}, ${highs}, ${firstRanks}, ${secondRanks})
                as b(stage, low, high, first_rank, second_rank)
            ),
            vals as (
              select d.stage, d.v from d join b on b.stage = d.stage where d.v >= b.low and d.v < b.high
              union all
              select s.stage, -x.nv from funnel_day_durations s join b on b.stage = s.stage
              cross join lateral unnest(s.negated_minutes[width_bucket(-b.high, s.negated_minutes) + 1
                                                          : width_bucket(-b.low, s.negated_minutes)]) as x(nv)
              where s.day = any(${daysSql})
            ),
            -- Equal values once, with their count (a tracker's whole minutes repeat), ranked by a running sum:
            -- the sort is of the distinct values only.
            grouped as (select stage, v, count(*) as n from vals group by 1, 2),
            ranked as (
              select stage, v, sum(n) over (partition by stage order by v) as upto, n from grouped
            )
            select ranked.stage, ranked.v, ranked.upto - ranked.n + 1 as first, ranked.upto as last
            from ranked join b on b.stage = ranked.stage
            where b.first_rank between ranked.upto - ranked.n + 1 and ranked.upto
               or b.second_rank between ranked.upto - ranked.n + 1 and ranked.upto`,
      );
      for (const middle of middles) {
        const value = (rank: number) =>
          Number(
            rows.find(
              (row) => row.stage === middle.stage && Number(row.first) <= rank && rank <= Number(row.last),
            )?.v,
          );
        medians.set(middle.stage, lerp(value(middle.ranks[0]), value(middle.ranks[1]), middle.ranks));
      }
    }
    return { cells, medianOf: (stage) => medians.get(stage) ?? null };
  }

  async function figures(query: FunnelQuery, period: { from: string; to: string }, breakdowns: boolean) {
    const filtered = Boolean(query.channel || query.source || query.campaign);
    const stored = filtered
      ? null
      : await inSnapshot(db, async (tx) => {
          const days = await storedFunnelDays(tx, period);
          return days.length ? fromStoredDays(tx, query, period, days) : null;
        });
    const { cells, medianOf } = stored ?? (await fromRawRows(query, period));
    const sum = (pick: (cell: Cell) => number | string) =>
      cells.reduce((total, cell) => total + Number(pick(cell)), 0);
    const countOf = (stage: MarketingFunnelStage) => sum((cell) => cell[stage]);
    const entered = sum((cell) => cell.entered);
    const paidWithinWindow = sum((cell) => cell.paid_within);
    const stages = MARKETING_FUNNEL_STAGES.map((stage, index): FunnelStageRow => {
      const sessions = countOf(stage);
      const previous = index > 0 ? countOf(MARKETING_FUNNEL_STAGES[index - 1]!) : null;
      const median = index > 0 ? medianOf(stage) : null;
      return {
        stage,
        sessions,
        fromPrevious: previous === null ? null : percentOf(sessions, previous),
        fromEntered: percentOf(sessions, entered),
        dropOff: previous === null ? 0 : previous - sessions,
        medianMinutesFromPrevious: median === null ? null : Math.round(median * 10) / 10,
      };
    });
    const breakdown = (keyOf: (cell: Cell) => string) => {
      const summed = new Map<string, { entered: number; stages: FunnelBreakdownRow['stages'] }>();
      for (const cell of cells) {
        const key = keyOf(cell);
        const row = summed.get(key) ?? {
          entered: 0,
          stages: Object.fromEntries(
            MARKETING_FUNNEL_STAGES.map((stage) => [stage, 0]),
          ) as FunnelBreakdownRow['stages'],
        };
        row.entered += Number(cell.entered);
        for (const stage of MARKETING_FUNNEL_STAGES) row.stages[stage] += Number(cell[stage] ?? 0);
        summed.set(key, row);
      }
      return sortBreakdown(
        [...summed].map(([key, row]): FunnelBreakdownRow => ({
          key,
          entered: row.entered,
          stages: row.stages,
          paid: row.stages.paid,
          conversion: percentOf(row.stages.paid, row.entered),
        })),
        query.sort,
      );
    };
    const figures: Figures = {
      entered,
      stages,
      paidWithinWindow,
      windowConversion: percentOf(paidWithinWindow, entered),
    };
    return {
      figures,
      byChannel: breakdowns ? breakdown((cell) => cell.channel) : [],
      byDevice: breakdowns ? breakdown((cell) => cell.device) : [],
    };
  }

  async function report(query: FunnelQuery): Promise<FunnelReport> {
    const [current, previous] = await Promise.all([
      figures(query, query, true),
      query.compare ? figures(query, previousPeriod(query.from, query.to), false) : Promise.resolve(null),
    ]);
    return {
      ...current.figures,
      windowDays: query.windowDays,
      byChannel: current.byChannel,
      byDevice: current.byDevice,
      previous: previous ? { ...previous.figures, ...previousPeriod(query.from, query.to) } : null,
    };
  }

  return {
    report,
    /** The stages table, then the two breakdowns, as the page shows them. */
    async *exportCsv(query: FunnelQuery): AsyncGenerator<string> {
      const result = await report(query);
      const header = [
        'Этап',
        'Сессии',
        'Конверсия из прошлого этапа, %',
        'Из вошедших, %',
        'Отвал',
        'Медиана, мин',
      ];
      if (result.previous) header.push('Сессии в прошлом периоде');
      yield '\uFEFF' + csvRow(header);
      for (const [index, row] of result.stages.entries()) {
        const cells: unknown[] = [
          MARKETING_FUNNEL_STAGE_LABELS[row.stage],
          row.sessions,
          row.fromPrevious ?? '',
          row.fromEntered ?? '',
          row.dropOff,
          row.medianMinutesFromPrevious ?? '',
        ];
        if (result.previous) cells.push(result.previous.stages[index]?.sessions ?? 0);
        yield csvRow(cells);
      }
      for (const [title, rows] of [
        ['Канал', result.byChannel],
        ['Устройство', result.byDevice],
      ] as const) {
        yield (
          '\n' +
          csvRow([
            title,
            'Вошли',
            ...MARKETING_FUNNEL_STAGES.map((stage) => MARKETING_FUNNEL_STAGE_LABELS[stage]),
            'Конверсия в оплату, %',
          ])
        );
        for (const row of rows)
          yield csvRow([
            row.key,
            row.entered,
            ...MARKETING_FUNNEL_STAGES.map((stage) => row.stages[stage]),
            row.conversion ?? '',
          ]);
      }
    },
  };
}
