import { sql } from 'drizzle-orm';
import {
  HOT_LEADS_SHOWN,
  LeadScoreRuleSchema,
  moscowDate,
  moscowDayStart,
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
import { inSnapshot, liveRanges, type TimeRange } from './journey-days.ts';
import {
  arrayParam,
  readJourneyConfig,
  rowsOf,
  sessionChannelSql,
  sessionFiltersSql,
  tagFiltersSql,
  type TagFilters,
} from './journey-sql.ts';

const TOP = 100;
/** Up to this many days of sessions are scored by index lookups of their events, more by a join. */
const FEW_DAYS = 7;
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
 * An event's points: the sum over the rules it meets of the rule's points, halved per whole `decayDays` between the
 * event's Moscow day and `today` (decision 097: whole calendar days, so a closed day's scores hold for a whole
 * report day and can be stored). In float8 (decision 080, addendum 3): the points are integers times powers of two,
 * which float8 holds exactly, so the sums are the numeric ones.
 */
function pointsOf(rules: LeadScoreRule[], today: string) {
  const terms = rules.map((rule) => {
    const points =
      rule.decayDays > 0
        ? sql`${rule.points}::int * power(2::float8, -(greatest(0, ${today}::date - order_stats_day(e.created_at))
                                                        / ${rule.decayDays}::int))`
        : sql`${rule.points}::float8`;
    return sql`case when ${ruleMatch(rule)} then ${points} else 0 end`;
  });
  return sql`(${sql.join(terms, sql` + `)})`;
}

/** Sessions (alias `s`) started in one of the ranges. */
function startedIn(ranges: readonly TimeRange[]) {
  return sql`(${sql.join(
    ranges.map(
      (range) =>
        sql`(s.created_at >= ${range.start}::timestamptz and s.created_at < ${range.end}::timestamptz)`,
    ),
    sql` or `,
  )})`;
}

/**
 * The CTEs `scores` (each scored session started in the ranges: its start, matched events and score as of `today`)
 * and `candidates` (the ones a page may list: the TOP highest above zero and every one that may round up to the
 * threshold — toSession rounds the score to 0.01 before comparing it).
 */
function scoresSql(options: {
  ranges: readonly TimeRange[];
  rules: LeadScoreRule[];
  today: string;
  threshold: number;
  query: MarketingReportQuery | null;
}) {
  const { ranges, rules, today, threshold, query } = options;
  // A few days' sessions (the recent ones beside stored days, decision 097) look up their events by the index,
  // one session at a time (`offset 0` keeps the lateral from being flattened into a join): as a join, the planner
  // hashed the 18,000 sessions of three days and read all 10 M events of the full-size copy (1.4 s).
  const days =
    ranges.reduce((sum, range) => sum + (Date.parse(range.end) - Date.parse(range.start)), 0) / 86_400_000;
  const events =
    days <= FEW_DAYS
      ? sql`analytics_sessions s cross join lateral (
              select e.* from analytics_events e where e.session_id = s.session_id offset 0) e`
      : sql`analytics_sessions s join analytics_events e on e.session_id = s.session_id`;
  return sql`
    -- The ranges' events, joined to their sessions in the table. Each event's points are one expression of the
    -- rules (pointsOf), not a join with them: such a join cannot be estimated, and the planner pushed it under the
    -- sessions' join or sorted for it.
    sess_events as materialized (
      select e.session_id, s.created_at as started_at, ${pointsOf(rules, today)} as points,
             ${matchesAny(rules)} as matched, ${sessionChannelSql('s')} as channel,
             coalesce(s.utm_source, '') as utm_source, coalesce(s.utm_campaign, '') as utm_campaign
      from ${events}
      where not s.is_internal and ${ranges.length ? startedIn(ranges) : sql`false`}
        and ${query ? sessionFiltersSql('s', query) : sql`true`}
    ),
    scores as materialized (
      select session_id, started_at, count(*) filter (where matched) as events, sum(points) as score,
             channel, utm_source, utm_campaign
      from sess_events group by session_id, started_at, channel, utm_source, utm_campaign
    ),
    candidates as (
      (select * from scores where score > 0 order by score desc, started_at desc, session_id limit ${TOP})
      union
      select * from scores where score >= ${threshold - 0.005}::float8
    )`;
}

export type StoredLeadScoreDay = {
  day: string;
  asOf: string;
  validUntil: string | null;
  scoredSessions: number;
  sessions: Array<{
    sessionId: string;
    startedAt: Date;
    events: number;
    score: number;
    channel: string;
    utmSource: string;
    utmCampaign: string;
    listed: boolean;
  }>;
  groups: Array<{ channel: string; utmSource: string; utmCampaign: string; scoredSessions: number }>;
};

/** The first report day after `today` on which a score of an event of one of `eventDays` halves again (or null). */
export function leadScoresValidUntil(
  eventDays: readonly string[],
  rules: readonly LeadScoreRule[],
  today: string,
): string | null {
  const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  const now = dayNumber(today);
  let next: number | null = null;
  for (const rule of rules) {
    if (rule.decayDays <= 0) continue;
    for (const day of eventDays) {
      const event = dayNumber(day);
      const halvings = Math.floor(Math.max(0, now - event) / rule.decayDays);
      const change = event + (halvings + 1) * rule.decayDays;
      if (next === null || change < next) next = change;
    }
  }
  return next === null ? null : new Date(next * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One closed day's scores for the job (decision 097), as of `today`: how many of the day's sessions scored above
 * zero, the candidates a report may list, and until when they hold (the event days of its matched events).
 */
export async function scoreLeadDay(
  db: ReportDb,
  day: string,
  rules: LeadScoreRule[],
  threshold: number,
  today: string,
): Promise<Omit<StoredLeadScoreDay, 'day' | 'asOf'>> {
  const range = { start: moscowDayStart(day).toISOString(), end: moscowDayStart(day, 1).toISOString() };
  if (rules.length === 0) return { validUntil: null, scoredSessions: 0, sessions: [], groups: [] };
  const scores = scoresSql({ ranges: [range], rules, today, threshold, query: null });
  // The day's top, each channel × source × campaign's top (a filtered report's top is among them) and every
  // session near the threshold; with each its group's count of sessions above zero (every such group has its top
  // session among the rows).
  const rows = await rowsOf<{
    session_id: string;
    started_at: Date | string;
    events: number | string;
    score: number | string;
    channel: string;
    utm_source: string;
    utm_campaign: string;
    listed: boolean;
    group_scored: number | string;
  }>(
    db,
    sql`with ${scores},
        ranked as (
          select s.*,
                 row_number() over (partition by channel, utm_source, utm_campaign
                                    order by score desc, started_at desc, session_id) as group_rank,
                 count(*) filter (where score > 0) over (partition by channel, utm_source, utm_campaign)
                   as group_scored,
                 row_number() over (order by score desc, started_at desc, session_id) as day_rank
          from scores s
        )
        select session_id, started_at, events, score, channel, utm_source, utm_campaign, group_scored,
               ((score > 0 and day_rank <= ${TOP}) or score >= ${threshold - 0.005}::float8) as listed
        from ranked
        where (score > 0 and group_rank <= ${TOP}) or score >= ${threshold - 0.005}::float8`,
  );
  const groups = new Map<
    string,
    { channel: string; utm_source: string; utm_campaign: string; scored: number }
  >();
  for (const row of rows)
    if (Number(row.group_scored) > 0)
      groups.set(JSON.stringify([row.channel, row.utm_source, row.utm_campaign]), {
        channel: row.channel,
        utm_source: row.utm_source,
        utm_campaign: row.utm_campaign,
        scored: Number(row.group_scored),
      });
  const days = await rowsOf<{ day: string }>(
    db,
    sql`select distinct order_stats_day(e.created_at)::text as day
          from analytics_sessions s join analytics_events e on e.session_id = s.session_id
         where not s.is_internal and ${startedIn([range])} and ${matchesAny(rules)}`,
  );
  return {
    validUntil: leadScoresValidUntil(
      days.map((row) => row.day),
      rules,
      today,
    ),
    scoredSessions: [...groups.values()].reduce((sum, group) => sum + group.scored, 0),
    sessions: rows.map((row) => ({
      sessionId: row.session_id,
      startedAt: new Date(row.started_at),
      events: Number(row.events),
      score: Number(row.score),
      channel: row.channel,
      utmSource: row.utm_source,
      utmCampaign: row.utm_campaign,
      listed: row.listed,
    })),
    groups: [...groups.values()].map((group) => ({
      channel: group.channel,
      utmSource: group.utm_source,
      utmCampaign: group.utm_campaign,
      scoredSessions: group.scored,
    })),
  };
}

/** The condition on a stored day `c` of holding for the report day `today`: current version, rules and threshold. */
function validLeadDaySql(today: string, alias = 'c') {
  const c = sql.raw(alias);
  return sql`${c}.version = coalesce((select v.version from lead_score_day_versions v where v.day = ${c}.day), 0)
    and ${c}.as_of <= ${today}::date and (${c}.valid_until is null or ${c}.valid_until > ${today}::date)
    and ${c}.rules_key = (select lead_score_rules::text || '|' || hot_lead_threshold::text
                            from analytics_config where id = 1)`;
}

/** The stored rows of a day `c` (its sessions or groups) a filtered report reads: those of matching groups. */
function storedFiltersSql(query: TagFilters) {
  return tagFiltersSql(
    { channel: sql`c.channel`, source: sql`c.utm_source`, campaign: sql`c.utm_campaign` },
    query,
  );
}

/**
 * The period's stored days that hold for `today` (from `from` to `to`, Moscow), with their sessions scored above
 * zero — of the groups that pass the filters when there are filters.
 */
async function storedLeadDays(
  db: ReportDb,
  period: { from: string; to: string },
  today: string,
  filters: MarketingReportQuery | null,
): Promise<{ days: string[]; scored: number }> {
  const rows = await rowsOf<{ day: string; scored_sessions: number | string }>(
    db,
    sql`select d.day::text as day,
               ${
                 filters
                   ? sql`(select coalesce(sum(c.scored_sessions), 0) from lead_score_day_groups c
                           where c.day = d.day and ${storedFiltersSql(filters)})`
                   : sql`d.scored_sessions`
               } as scored_sessions
          from lead_score_days d
         where d.day >= ${period.from}::date and d.day <= ${period.to}::date and ${validLeadDaySql(today, 'd')}`,
  );
  return {
    days: rows.map((row) => row.day),
    scored: rows.reduce((sum, row) => sum + Number(row.scored_sessions), 0),
  };
}

/** The days from the first session's to `lastDay` whose stored scores are missing or no longer hold for `today`. */
export async function openLeadScoreDays(db: ReportDb, lastDay: string, today: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select d::date::text as day
          from generate_series((select order_stats_day(min(created_at)) from analytics_sessions)::timestamp,
                               ${lastDay}::date::timestamp, interval '1 day') d
         where not exists (select 1 from lead_score_days c where c.day = d::date and ${validLeadDaySql(today)})
         order by 1`,
  );
  return rows.map((row) => row.day);
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
   * the threshold (a hot lead is one of them). A report reads the stored days that hold for today (decision 097;
   * with filters, their rows and counts of the matching channels, sources and campaigns) and scores the others'
   * sessions from the raw rows, in one snapshot. Only the rows shown look up their session and latest order.
   */
  async function scored(
    query: MarketingReportQuery,
    period: { from: string; to: string },
    rules: LeadScoreRule[],
    threshold: number,
  ): Promise<{ total: number; rows: Row[] }> {
    if (rules.length === 0) return { total: 0, rows: [] };
    const today = moscowDate(clock.now());
    const filtered = Boolean(query.channel || query.source || query.campaign);
    return inSnapshot(db, async (tx) => {
      const stored = await storedLeadDays(tx, period, today, filtered ? query : null);
      const ranges = liveRanges(period, new Set(stored.days));
      const rows = await rowsOf<Row>(
        tx,
        sql`with ${scoresSql({ ranges, rules, today, threshold, query })},
          -- The stored days' candidates beside the raw ones: the TOP of the period is among the TOP of its days.
          all_candidates as (
            select session_id, started_at, events, score from candidates
            union all
            select c.session_id, c.started_at, c.events, c.score from lead_score_day_sessions c
             where c.day = any(${arrayParam(stored.days, 'date')})
               and ${filtered ? storedFiltersSql(query) : sql`c.listed`}
          ),
          picked_scores as (
            (select * from all_candidates where score > 0
             order by score desc, started_at desc, session_id limit ${TOP})
            union
            select * from all_candidates where score >= ${threshold - 0.005}::float8
          ),
          -- The page's sessions by their key, one index lookup each («limit 1» keeps the lateral a loop: as a join,
          -- the planner hashed all the sessions for a few thousand rows).
          picked as materialized (
            select s.session_id, s.created_at, s.visitor_id, s.user_id, s.channel, s.utm_campaign, s.device_type,
                   p.events, p.score,
                   (select count(*) from scores where score > 0) + ${stored.scored}::bigint as total,
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
               where o.deleted_at is null and fs.session_id = picked.session_id and fs.order_id is not null)
            ) linked
            order by linked.created_at desc
            limit 1
          ) ord on true
          order by picked.rank`,
      );
      // No row shown: no session of the period scored above zero (the TOP of those are always shown).
      const total = Number(rows[0]?.total ?? 0);
      return { total, rows };
    });
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
