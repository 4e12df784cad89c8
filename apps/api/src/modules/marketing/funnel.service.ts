import { sql, type SQL } from 'drizzle-orm';
import {
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
import { percentOf, periodBounds, rowsOf, sessionChannelSql, sessionFiltersSql } from './journey-sql.ts';

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
 * One row per public (non-internal) session matching the filters with a stage recorded in the period: the first
 * time it reached each stage in the period (a column per stage, null when not in it), its start, channel and
 * device; a stage whose session was never stored counts unless a filter asks about it. Read from the rollup
 * `funnel_sessions` (the session's columns copied into it): its first time of a stage is the first in the period whenever the stage's records lie on one
 * Moscow day (the period is whole Moscow days); a session whose stage was recorded on two days (`split_days`, a
 * few) is grouped from its raw stages.
 */
function reachedSql(query: FunnelQuery, period: { from: string; to: string }): SQL {
  const { start, end } = periodBounds(period);
  const filtered = Boolean(query.channel || query.source || query.campaign);
  const inPeriod = (at: SQL) =>
    sql`case when ${at} >= ${start}::timestamptz and ${at} < ${end}::timestamptz then ${at} end`;
  const touchesPeriod = sql`f.last_at >= ${start}::timestamptz and f.first_at < ${end}::timestamptz`;
  const sessionColumns = sql.raw(
    'f.session_start, f.channel, f.utm_source, f.utm_medium, f.utm_campaign, f.device_type, f.is_internal',
  );
  return sql`with fs as (
               select f.session_id, ${sessionColumns},
                      ${stageColumns((stage) => inPeriod(sql`f.${sql.identifier(STAGE_COLUMNS[stage])}`))}
               from funnel_sessions f
               where ${touchesPeriod} and not f.split_days
               union all
               select f.session_id, ${sessionColumns},
                      ${stageColumns((stage) => sql`min(r.created_at) filter (where r.stage = ${stage})`)}
               from funnel_sessions f
               join funnel_stages r on r.session_id = f.session_id
                 and r.created_at >= ${start}::timestamptz and r.created_at < ${end}::timestamptz
               where ${touchesPeriod} and f.split_days
               group by f.session_id
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
  async function figures(query: FunnelQuery, period: { from: string; to: string }, breakdowns: boolean) {
    const windowSeconds = query.windowDays * 86_400;
    const medians = STAGE_PAIRS.map(([prev, next]) => {
      const [a, b] = [sql`r.${sql.identifier(prev)}`, sql`r.${sql.identifier(next)}`];
      // date_part, not extract: extract gives numeric (PostgreSQL 14+), and its division per session cost a third
      // of a year's medians; the float8 of date_part is what percentile_cont sorts anyway (equal to the last bit
      // or one unit in it, far below the tenth of a minute shown).
      return sql`percentile_cont(0.5) within group (order by date_part('epoch', ${b} - ${a}) / 60)
                   filter (where ${b} >= ${a}) as ${sql.identifier(`median_${next}`)}`;
    });
    type Cell = Record<MarketingFunnelStage, number | string> & {
      channel: string;
      device: string;
      entered: number | string;
      paid_within: number | string;
    };
    const [cells, [row]] = await Promise.all([
      rowsOf<Cell>(
        db,
        sql`select coalesce(r.channel, 'direct') as channel, r.device, count(*) as entered,
                   count(*) filter (
                     where r.paid is not null
                       and extract(epoch from (r.paid - coalesce(r.session_start, r.paid))) <= ${windowSeconds}
                   ) as paid_within,
                   ${stageCountsSql}
            from (${reachedSql(query, period)}) r
            group by 1, 2`,
      ),
      rowsOf<Record<string, number | string | null>>(
        db,
        sql`select ${sql.join(medians, sql`, `)} from (${reachedSql(query, period)}) r`,
      ),
    ]);
    const sum = (pick: (cell: Cell) => number | string) =>
      cells.reduce((total, cell) => total + Number(pick(cell)), 0);
    const countOf = (stage: MarketingFunnelStage) => sum((cell) => cell[stage]);
    const entered = sum((cell) => cell.entered);
    const paidWithinWindow = sum((cell) => cell.paid_within);
    const stages = MARKETING_FUNNEL_STAGES.map((stage, index): FunnelStageRow => {
      const sessions = countOf(stage);
      const previous = index > 0 ? countOf(MARKETING_FUNNEL_STAGES[index - 1]!) : null;
      const minutes = index > 0 ? (row?.[`median_${stage}`] ?? null) : null;
      const median = minutes === null ? null : Number(minutes);
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
