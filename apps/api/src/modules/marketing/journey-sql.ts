import { sql, type SQL } from 'drizzle-orm';
import { moscowDayStart, type MarketingReportQuery } from '@app/contracts';
import type { ReportDb } from './report-db.ts';

/** Shared SQL of the journey reports (funnel, touchpoints, attribution, lead scoring; decision 068). */

export async function rowsOf<T>(db: ReportDb, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** The period's bounds: Moscow days, `to` inclusive. */
export function periodBounds(period: { from: string; to: string }): { start: string; end: string } {
  return {
    start: moscowDayStart(period.from).toISOString(),
    end: moscowDayStart(period.to, 1).toISOString(),
  };
}

/**
 * A session's channel: the one the ingestion stored (the spec 4 rule), or — for a session stored without it —
 * the same rule on its UTM tags (no referrer rule: without tags it is direct).
 */
export function sessionChannelSql(alias: string): SQL {
  const s = sql.raw(alias);
  return sql`coalesce(nullif(${s}.channel, ''), case
    when coalesce(${s}.utm_source, '') = '' then 'direct'
    when lower(${s}.utm_medium) in ('cpc', 'paid') then 'paid'
    when lower(${s}.utm_medium) in ('organic', 'email', 'social', 'referral') then lower(${s}.utm_medium)
    else ${s}.utm_source end)`;
}

/** A report's channel / source / campaign filters. */
export type TagFilters = Partial<Pick<MarketingReportQuery, 'channel' | 'source' | 'campaign'>>;

/** The filters on three tag expressions (case-insensitive equality): a session's, or a stored row's. */
export function tagFiltersSql(tags: { channel: SQL; source: SQL; campaign: SQL }, query: TagFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.channel) parts.push(sql`lower(${tags.channel}) = lower(${query.channel})`);
  if (query.source) parts.push(sql`lower(${tags.source}) = lower(${query.source})`);
  if (query.campaign) parts.push(sql`lower(${tags.campaign}) = lower(${query.campaign})`);
  return sql.join(parts, sql` and `);
}

/** The report's channel / source / campaign filters on a session (case-insensitive equality). */
export function sessionFiltersSql(alias: string, query: TagFilters): SQL {
  const s = sql.raw(alias);
  return tagFiltersSql(
    { channel: sessionChannelSql(alias), source: sql`${s}.utm_source`, campaign: sql`${s}.utm_campaign` },
    query,
  );
}

/**
 * A list as one bound parameter of an SQL array type (a `{…}` literal; text elements quoted), for `= any(…)` and
 * `unnest(…)`.
 */
export function arrayParam(
  values: ReadonlyArray<string | number>,
  type: 'text' | 'date' | 'float8' | 'int',
): SQL {
  const elements = values.map((value) =>
    typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, '\\$&')}"`,
  );
  return sql`${`{${elements.join(',')}}`}::${sql.raw(type)}[]`;
}

/** Orders (alias `o`) whose e-mail is a test e-mail of the analytics configuration: left out of every report. */
export const notTestOrderSql = sql`lower(o.email) not in (
  select lower(e) from analytics_config c, jsonb_array_elements_text(c.test_emails) e where c.id = 1)`;

/**
 * The lateral joins giving an order `o` its session (`os.sid`) and visitor (`ov.vid`): its session is
 * `orders.analytics_session_id`, else the session that recorded one of its funnel stages (the earliest); its
 * visitor is `orders.analytics_visitor_id`, else that session's visitor.
 */
export const orderLinksJoinSql = sql`
    left join lateral (
      select coalesce(o.analytics_session_id,
        (select fs.session_id from funnel_stages fs where fs.order_id = o.id order by fs.created_at limit 1)) as sid
    ) os on true
    left join lateral (
      select coalesce(o.analytics_visitor_id,
        (select s0.visitor_id from analytics_sessions s0 where s0.session_id = os.sid)) as vid
    ) ov on true`;

/** Which order the touch joins read: its creation time, session and visitor (by default `orderLinksJoinSql`'s). */
export type TouchOrder = { createdAt: SQL; sid: SQL; vid: SQL };
const linkedOrder: TouchOrder = { createdAt: sql`o.created_at`, sid: sql`os.sid`, vid: sql`ov.vid` };

/**
 * The condition on a session `s` of being a touch of an order: a session of its visitor — or its own session
 * when the visitor is unknown — that started before the order was created and not longer than `windowHours`
 * before it; internal sessions are not touches.
 */
export function touchSessionSql(windowHours: number, order: TouchOrder): SQL {
  return sql`not s.is_internal
        and s.created_at <= ${order.createdAt}
        and s.created_at >= ${order.createdAt} - make_interval(hours => ${windowHours}::int)
        and (s.session_id = ${order.sid} or (${order.vid} is not null and s.visitor_id = ${order.vid}))`;
}

/**
 * The lateral join giving an order its touches (`t.touches`, a JSON array oldest first; decision 068), after
 * `orderLinksJoinSql` unless `order` names other columns. Plain `json`, not `jsonb` (decision 085): building
 * jsonb cost about twice the rest of the report's statement; the keys are written in jsonb's own order (by length,
 * then bytes), so the parsed objects — and the API's answers — are the same as they were.
 */
export function touchesJoinSql(windowHours: number, order: TouchOrder = linkedOrder): SQL {
  return sql`
    left join lateral (
      select coalesce(json_agg(json_build_object(
          'at', s.created_at,
          'medium', s.utm_medium,
          'source', s.utm_source,
          'channel', ${sessionChannelSql('s')},
          'campaign', s.utm_campaign,
          'sessionId', s.session_id) order by s.created_at, s.session_id), '[]'::json) as touches
      from analytics_sessions s
      where ${touchSessionSql(windowHours, order)}
    ) t on true`;
}

/**
 * The lateral join giving an order the number of its touches (`tc.n`) and whether one of them matches `match`, a
 * condition on the session `s` (`tc.matches`; false without touches) — what a filter or a count needs, without
 * building the touches. After `orderLinksJoinSql`.
 */
export function touchCountJoinSql(windowHours: number, match: SQL): SQL {
  return sql`
    left join lateral (
      select count(*) as n, coalesce(bool_or(${match}), false) as matches
      from analytics_sessions s
      where ${touchSessionSql(windowHours, linkedOrder)}
    ) tc on true`;
}

/** The order `o`'s session, visitor and touches (`t.touches`): `orderLinksJoinSql` then `touchesJoinSql`. */
export function orderTouchesJoinSql(windowHours: number): SQL {
  return sql`${orderLinksJoinSql} ${touchesJoinSql(windowHours)}`;
}

export type JourneyConfig = {
  windowHours: number;
  halfLifeHours: number;
  rules: unknown;
  threshold: number;
  /** The test e-mails as the database writes the jsonb (what a stored journey day keeps, decision 096). */
  testEmails: string;
};

/** The analytics configuration the reports read (one row, id 1). */
export async function readJourneyConfig(db: ReportDb): Promise<JourneyConfig> {
  const [row] = await rowsOf<{
    window_hours: number;
    half_life_hours: number;
    rules: unknown;
    threshold: number;
    test_emails: string;
  }>(
    db,
    sql`select attribution_window_hours as window_hours, time_decay_half_life_hours as half_life_hours,
               lead_score_rules as rules, hot_lead_threshold as threshold, test_emails::text as test_emails
        from analytics_config where id = 1`,
  );
  return {
    windowHours: Number(row?.window_hours ?? 720),
    halfLifeHours: Number(row?.half_life_hours ?? 168),
    rules: row?.rules ?? [],
    threshold: Number(row?.threshold ?? 50),
    testEmails: row?.test_emails ?? '[]',
  };
}

/** A percentage with two decimals, or null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}

export type Touches = Array<{
  sessionId: string;
  channel: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  at: string;
}>;

/** Touches from the JSON of `touchesJoinSql` (json may arrive parsed or as text), `at` as ISO. */
export function parseTouches(value: unknown): Touches {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Touches | null;
  return (list ?? []).map((touch) => ({ ...touch, at: new Date(touch.at).toISOString() }));
}
