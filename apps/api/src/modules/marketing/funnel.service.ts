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
import type { Db } from '../../db/client.ts';
import { csvRow } from '../../lib/csv.ts';
import { percentOf, periodBounds, rowsOf, sessionChannelSql, sessionFiltersSql } from './journey-sql.ts';

const STAGE_PAIRS = MARKETING_FUNNEL_STAGES.slice(1).map((stage, index) => [
  MARKETING_FUNNEL_STAGES[index]!,
  stage,
]);

/**
 * The first time each session reached each stage, for stages recorded in the period by public (non-internal)
 * sessions matching the filters; a stage whose session was never stored counts unless a filter asks about it.
 */
function reachedSql(query: FunnelQuery, period: { from: string; to: string }): SQL {
  const { start, end } = periodBounds(period);
  const filtered = Boolean(query.channel || query.source || query.campaign);
  return sql`select f.session_id, f.stage, min(f.created_at) as at,
                    min(s.created_at) as session_start,
                    min(${sessionChannelSql('s')}) as channel,
                    min(coalesce(nullif(s.device_type, ''), 'unknown')) as device
             from funnel_stages f
             left join analytics_sessions s on s.session_id = f.session_id
             where f.created_at >= ${start}::timestamptz and f.created_at < ${end}::timestamptz
               and f.stage in (${sql.join(
                 MARKETING_FUNNEL_STAGES.map((stage) => sql`${stage}`),
                 sql`, `,
               )})
               and coalesce(s.is_internal, false) = false
               and ${filtered ? sql`s.session_id is not null and ${sessionFiltersSql('s', query)}` : sql`true`}
             group by f.session_id, f.stage`;
}

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
export function createFunnelService(deps: { db: Db }) {
  const { db } = deps;

  async function figures(query: FunnelQuery, period: { from: string; to: string }): Promise<Figures> {
    const reached = reachedSql(query, period);
    const windowSeconds = query.windowDays * 86_400;
    const [counts, medians, totals] = await Promise.all([
      rowsOf<{ stage: MarketingFunnelStage; sessions: number | string }>(
        db,
        sql`select stage, count(*) as sessions from (${reached}) r group by stage`,
      ),
      rowsOf<{ stage: MarketingFunnelStage; minutes: number | string | null }>(
        db,
        sql`with r as (${reached})
            select p.next as stage,
                   percentile_cont(0.5) within group (order by extract(epoch from (b.at - a.at)) / 60) as minutes
            from (values ${sql.join(
              STAGE_PAIRS.map(([prev, next]) => sql`(${prev}, ${next})`),
              sql`, `,
            )}) p(prev, next)
            join r a on a.stage = p.prev
            join r b on b.stage = p.next and b.session_id = a.session_id and b.at >= a.at
            group by p.next`,
      ),
      rowsOf<{ entered: number | string; paid_within: number | string }>(
        db,
        sql`with r as (${reached})
            select count(distinct session_id) as entered,
                   count(distinct session_id) filter (
                     where stage = 'paid'
                       and extract(epoch from (at - coalesce(session_start, at))) <= ${windowSeconds}
                   ) as paid_within
            from r`,
      ),
    ]);
    const countOf = new Map(counts.map((row) => [row.stage, Number(row.sessions)]));
    const medianOf = new Map(
      medians.map((row) => [row.stage, row.minutes === null ? null : Number(row.minutes)]),
    );
    const entered = Number(totals[0]?.entered ?? 0);
    const paidWithinWindow = Number(totals[0]?.paid_within ?? 0);
    const stages = MARKETING_FUNNEL_STAGES.map((stage, index): FunnelStageRow => {
      const sessions = countOf.get(stage) ?? 0;
      const previous = index > 0 ? (countOf.get(MARKETING_FUNNEL_STAGES[index - 1]!) ?? 0) : null;
      const median = index > 0 ? (medianOf.get(stage) ?? null) : null;
      return {
        stage,
        sessions,
        fromPrevious: previous === null ? null : percentOf(sessions, previous),
        fromEntered: percentOf(sessions, entered),
        dropOff: previous === null ? 0 : previous - sessions,
        medianMinutesFromPrevious: median === null ? null : Math.round(median * 10) / 10,
      };
    });
    return { entered, stages, paidWithinWindow, windowConversion: percentOf(paidWithinWindow, entered) };
  }

  async function breakdown(query: FunnelQuery, by: 'channel' | 'device'): Promise<FunnelBreakdownRow[]> {
    const column = sql.raw(by === 'channel' ? "coalesce(channel, 'direct')" : 'device');
    const rows = await rowsOf<{ key: string; stage: MarketingFunnelStage; sessions: number | string }>(
      db,
      sql`select ${column} as key, stage, count(*) as sessions from (${reachedSql(query, query)}) r
          group by 1, 2
          union all
          select ${column} as key, '*' as stage, count(distinct session_id) from (${reachedSql(query, query)}) r
          group by 1`,
    );
    const byKey = new Map<string, FunnelBreakdownRow>();
    for (const row of rows) {
      const entry =
        byKey.get(row.key) ??
        ({
          key: row.key,
          entered: 0,
          stages: Object.fromEntries(MARKETING_FUNNEL_STAGES.map((stage) => [stage, 0])),
          paid: 0,
          conversion: null,
        } as FunnelBreakdownRow);
      if ((row.stage as string) === '*') entry.entered = Number(row.sessions);
      else entry.stages[row.stage] = Number(row.sessions);
      byKey.set(row.key, entry);
    }
    const result = [...byKey.values()].map((row) => ({
      ...row,
      paid: row.stages.paid,
      conversion: percentOf(row.stages.paid, row.entered),
    }));
    return sortBreakdown(result, query.sort);
  }

  async function report(query: FunnelQuery): Promise<FunnelReport> {
    const [current, byChannel, byDevice, previous] = await Promise.all([
      figures(query, query),
      breakdown(query, 'channel'),
      breakdown(query, 'device'),
      query.compare ? figures(query, previousPeriod(query.from, query.to)) : Promise.resolve(null),
    ]);
    return {
      ...current,
      windowDays: query.windowDays,
      byChannel,
      byDevice,
      previous: previous ? { ...previous, ...previousPeriod(query.from, query.to) } : null,
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
