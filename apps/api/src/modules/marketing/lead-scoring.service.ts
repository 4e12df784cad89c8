import { sql } from 'drizzle-orm';
import {
  HOT_LEADS_SHOWN,
  LeadScoreRuleSchema,
  NO_DATA_LABEL,
  previousPeriod,
  type HotLead,
  type LeadScoreRule,
  type LeadScoringReport,
  type MarketingReportQuery,
  type ScoredSession,
} from '@app/contracts';
import type { ReportDb } from './report-db.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvRow } from '../../lib/csv.ts';
import {
  periodBounds,
  readJourneyConfig,
  rowsOf,
  sessionChannelSql,
  sessionFiltersSql,
} from './journey-sql.ts';

const TOP = 100;
/** The order's columns a hot lead shows, and its creation time to find the latest. */
const ORDER_COLUMNS = sql.raw(
  'o.id, o.number, o.name, o.email, o.phone_number, o.is_paid, o.status, o.created_at',
);

type Row = {
  session_id: string;
  started_at: Date | string;
  channel: string;
  campaign: string | null;
  device_type: string | null;
  events: number | string;
  score: number | string;
  customer_id: string | null;
  order_id: string | null;
  order_number: number | string | null;
  order_name: string | null;
  order_email: string | null;
  order_phone: string | null;
  order_is_paid: boolean | null;
  order_cancelled: boolean | null;
  total: number | string;
};

/** The configured rules that are valid (the configuration is the analytics module's; a bad rule is skipped). */
export function validRules(value: unknown): LeadScoreRule[] {
  return (Array.isArray(value) ? value : []).flatMap((rule) => {
    const parsed = LeadScoreRuleSchema.safeParse(rule);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whether an event (alias `e`) meets a rule: its type, and its action when the rule names one. */
function ruleMatch(rule: LeadScoreRule) {
  return rule.eventAction === undefined || rule.eventAction === null
    ? sql`e.event_type = ${rule.eventType}`
    : sql`(e.event_type = ${rule.eventType} and e.event_action = ${rule.eventAction})`;
}

/** Whether an event meets any rule: only such events count as the session's scored events. */
function matchesAny(rules: LeadScoreRule[]) {
  return sql`(${sql.join(rules.map(ruleMatch), sql` or `)})`;
}

/**
 * An event's points: the sum over the rules it meets of the rule's points, halved per whole `decayDays` since the
 * event (as of `now`). In float8 (decision 080, addendum 3): the points are integers times powers of two, which
 * float8 holds exactly, so the sums are the numeric ones, at half the cost; the whole periods are counted in
 * integers (whole seconds of age, then whole `decayDays`), as exact as the numeric division was.
 */
function pointsOf(rules: LeadScoreRule[], now: string) {
  const terms = rules.map((rule) => {
    const points =
      rule.decayDays > 0
        ? sql`${rule.points}::int * power(2::float8, -(greatest(0, floor(extract(epoch from (${now}::timestamptz - e.created_at))))::bigint
                                                        / ${rule.decayDays * 86_400}::bigint))`
        : sql`${rule.points}::float8`;
    return sql`case when ${ruleMatch(rule)} then ${points} else 0 end`;
  });
  return sql`(${sql.join(terms, sql` + `)})`;
}

export type LeadScoringService = ReturnType<typeof createLeadScoringService>;

/**
 * Lead scoring (decision 068): a session started in the period scores the points of every event a rule matches
 * (its type, and its action when the rule names one), halved for each `decayDays` the event's age holds (0: no
 * decay). A hot lead is a session at or over the threshold that belongs to a customer (a signed-in USER) or to
 * an order not yet paid. Contact data comes only from that order: events never carry it, and a form left
 * unsubmitted is never read.
 */
export function createLeadScoringService(deps: { db: ReportDb; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * The period's scored sessions: how many, and those a page shows — the TOP highest and every one that reaches
   * the threshold (a hot lead is one of them). Only those look up their latest linked order: at a year of a
   * mid-size shop that is a few thousand lookups instead of one per scored session (hundreds of thousands, each
   * row then sent to the API only to be counted).
   */
  async function scored(
    query: MarketingReportQuery,
    period: { from: string; to: string },
    rules: LeadScoreRule[],
    threshold: number,
  ): Promise<{ total: number; rows: Row[] }> {
    if (rules.length === 0) return { total: 0, rows: [] };
    const { start, end } = periodBounds(period);
    const now = clock.now().toISOString();
    return rowsOf<Row>(
      db,
      sql`with
          -- The period's events, joined to its sessions in the table. Each event's points are one expression of
          -- the rules (pointsOf), not a join with them: such a join cannot be estimated, and the planner pushed it
          -- under the sessions' join or sorted for it. (Through a CTE of the sessions it was worse: a CTE's columns
          -- have no statistics, its 40,000 ids counted as 200 distinct values and all 2 M events were hashed.)
          sess_events as materialized (
            select e.session_id, s.created_at as started_at, ${pointsOf(rules, now)} as points,
                   ${matchesAny(rules)} as matched
            from analytics_sessions s join analytics_events e on e.session_id = s.session_id
            where not s.is_internal and s.created_at >= ${start}::timestamptz and s.created_at < ${end}::timestamptz
              and ${sessionFiltersSql('s', query)}
          ),
          -- Each session's score, with its start for the ranking: the session's other columns are read for the
          -- page's rows only (a lookup per scored session was a third of a year's time).
          scores as materialized (
            select session_id, started_at, count(*) filter (where matched) as events, sum(points) as score
            from sess_events group by session_id, started_at
          ),
          -- The page's rows: the TOP highest (a top-N sort, not a sort of every scored session) and every one that
          -- may round up to the threshold (toSession rounds the score to 0.01 before comparing it).
          picked_scores as (
            (select * from scores where score > 0
             order by score desc, started_at desc, session_id limit ${TOP})
            union
            select * from scores where score >= ${threshold - 0.005}::float8
          ),
          -- The page's sessions by their key, one index lookup each («limit 1» keeps the lateral a loop: as a join,
          -- the planner hashed all the sessions for a few thousand rows).
          picked as materialized (
            select s.session_id, s.created_at, s.visitor_id, s.user_id, s.channel, s.utm_campaign, s.device_type,
                   p.events, p.score, (select count(*) from scores where score > 0) as total,
                   row_number() over (order by p.score desc, s.created_at desc, s.session_id) as rank
            from picked_scores p
            cross join lateral (
              select s.session_id, s.created_at, s.visitor_id, s.user_id, ${sessionChannelSql('s')} as channel,
                     s.utm_campaign, s.device_type
              from analytics_sessions s where s.session_id = p.session_id limit 1
            ) s
          )
          select picked.session_id, picked.created_at as started_at, picked.channel, picked.utm_campaign as campaign,
                 picked.device_type, picked.events, picked.score, picked.total,
                 (select u.id from users u where u.id = picked.user_id and u.role = 'USER') as customer_id,
                 ord.id as order_id, ord.number as order_number, ord.name as order_name, ord.email as order_email,
                 ord.phone_number as order_phone, ord.is_paid as order_is_paid,
                 (ord.status = 'CANCELED') as order_cancelled
          from picked
          left join lateral (
            -- The latest live order linked to the session: placed in it, by its visitor, or reached by one of its
            -- funnel stages. Three index lookups (decision 080); an OR over the orders walked all of them.
            select linked.* from (
              (select ${ORDER_COLUMNS} from orders o
               where o.deleted_at is null and o.analytics_session_id = picked.session_id)
              union all
              (select ${ORDER_COLUMNS} from orders o
               where o.deleted_at is null and o.analytics_visitor_id = picked.visitor_id
               order by o.created_at desc limit 1)
              union all
              (select ${ORDER_COLUMNS} from funnel_stages fs join orders o on o.id = fs.order_id
               where o.deleted_at is null and fs.session_id = picked.session_id)
            ) linked
            order by linked.created_at desc
            limit 1
          ) ord on true
          order by picked.rank`,
    ).then((rows) => ({ total: Number(rows[0]?.total ?? 0), rows }));
  }

  const toSession = (row: Row, threshold: number): ScoredSession & { hot: boolean } => {
    const score = Math.round(Number(row.score) * 100) / 100;
    const hasOpenOrder = row.order_id !== null && !row.order_is_paid && !row.order_cancelled;
    const isHot = score >= threshold && (row.customer_id !== null || hasOpenOrder);
    return {
      sessionId: row.session_id,
      startedAt: new Date(row.started_at).toISOString(),
      channel: row.channel,
      campaign: row.campaign,
      deviceType: row.device_type,
      events: Number(row.events),
      score,
      isHot,
      hot: isHot,
    };
  };

  async function report(query: MarketingReportQuery): Promise<LeadScoringReport> {
    const config = await readJourneyConfig(db);
    const rules = validRules(config.rules);
    const [current, previousRows] = await Promise.all([
      scored(query, query, rules, config.threshold),
      query.compare
        ? scored(query, previousPeriod(query.from, query.to), rules, config.threshold)
        : Promise.resolve(null),
    ]);
    const rows = current.rows;
    const sessions = rows.map((row) => toSession(row, config.threshold));
    const hotLeads = rows.flatMap((row, index): HotLead[] => {
      const { hot, ...session } = sessions[index]!;
      if (!hot) return [];
      return [
        {
          ...session,
          customerId: row.customer_id,
          order:
            row.order_id === null
              ? null
              : {
                  id: row.order_id,
                  number: Number(row.order_number),
                  name: row.order_name ?? '',
                  email: row.order_email ?? '',
                  phoneNumber: row.order_phone ?? '',
                  isPaid: Boolean(row.order_is_paid),
                },
        },
      ];
    });
    return {
      rules,
      threshold: config.threshold,
      scoredSessions: current.total,
      sessions: sessions.slice(0, TOP).map(({ hot: _hot, ...session }) => session),
      // The rows come ranked by score: the first ones are those with the most points.
      hotLeads: hotLeads.slice(0, HOT_LEADS_SHOWN),
      hotLeadsTotal: hotLeads.length,
      previous: previousRows
        ? {
            scoredSessions: previousRows.total,
            hotLeads: previousRows.rows.filter((row) => toSession(row, config.threshold).hot).length,
          }
        : null,
    };
  }

  return {
    report,
    /** The hot leads as the page lists them, the first HOT_LEADS_SHOWN (the contact data is the order's). */
    async *exportCsv(query: MarketingReportQuery): AsyncGenerator<string> {
      const result = await report(query);
      yield (
        '\uFEFF' +
        csvRow([
          'Сессия',
          'Начало',
          'Канал',
          'Кампания',
          'Баллы',
          'Заказ',
          'Имя',
          'E-mail',
          'Телефон',
          'Оплачен',
        ])
      );
      for (const lead of result.hotLeads)
        yield csvRow([
          lead.sessionId,
          lead.startedAt,
          lead.channel,
          lead.campaign ?? NO_DATA_LABEL,
          lead.score,
          lead.order?.number ?? '',
          lead.order?.name ?? '',
          lead.order?.email ?? '',
          lead.order?.phoneNumber ?? '',
          lead.order ? (lead.order.isPaid ? 'да' : 'нет') : '',
        ]);
    },
  };
}
