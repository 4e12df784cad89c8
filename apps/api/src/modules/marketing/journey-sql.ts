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

/** The report's channel / source / campaign filters on a session (case-insensitive equality). */
export function sessionFiltersSql(alias: string, query: MarketingReportQuery): SQL {
  const s = sql.raw(alias);
  const parts: SQL[] = [sql`true`];
  if (query.channel) parts.push(sql`lower(${sessionChannelSql(alias)}) = lower(${query.channel})`);
  if (query.source) parts.push(sql`lower(${s}.utm_source) = lower(${query.source})`);
  if (query.campaign) parts.push(sql`lower(${s}.utm_campaign) = lower(${query.campaign})`);
  return sql.join(parts, sql` and `);
}

/** Orders (alias `o`) whose e-mail is a test e-mail of the analytics configuration: left out of every report. */
export const notTestOrderSql = sql`lower(o.email) not in (
  select lower(e) from analytics_config c, jsonb_array_elements_text(c.test_emails) e where c.id = 1)`;

/**
 * The lateral joins giving an order `o` its touches (`t.touches`, a JSON array oldest first): the sessions of its
 * visitor — or its own session when the visitor is unknown — that started before the order was created and not
 * longer than `windowHours` before it; internal sessions are not touches. The order's session is
 * `orders.analytics_session_id`, else the session that recorded one of its funnel stages; its visitor is
 * `orders.analytics_visitor_id`, else that session's visitor.
 */
export function orderTouchesJoinSql(windowHours: number): SQL {
  return sql`
    left join lateral (
      select coalesce(o.analytics_session_id,
        (select fs.session_id from funnel_stages fs where fs.order_id = o.id order by fs.created_at limit 1)) as sid
    ) os on true
    left join lateral (
      select coalesce(o.analytics_visitor_id,
        (select s0.visitor_id from analytics_sessions s0 where s0.session_id = os.sid)) as vid
    ) ov on true
    left join lateral (
      select coalesce(jsonb_agg(jsonb_build_object(
          'sessionId', s.session_id,
          'channel', ${sessionChannelSql('s')},
          'source', s.utm_source,
          'medium', s.utm_medium,
          'campaign', s.utm_campaign,
          'at', s.created_at) order by s.created_at, s.session_id), '[]'::jsonb) as touches
      from analytics_sessions s
      where not s.is_internal
        and s.created_at <= o.created_at
        and s.created_at >= o.created_at - make_interval(hours => ${windowHours}::int)
        and (s.session_id = os.sid or (ov.vid is not null and s.visitor_id = ov.vid))
    ) t on true`;
}

/** The analytics configuration the reports read (one row, id 1). */
export async function readJourneyConfig(db: ReportDb): Promise<{
  windowHours: number;
  halfLifeHours: number;
  rules: unknown;
  threshold: number;
}> {
  const [row] = await rowsOf<{
    window_hours: number;
    half_life_hours: number;
    rules: unknown;
    threshold: number;
  }>(
    db,
    sql`select attribution_window_hours as window_hours, time_decay_half_life_hours as half_life_hours,
               lead_score_rules as rules, hot_lead_threshold as threshold
        from analytics_config where id = 1`,
  );
  return {
    windowHours: Number(row?.window_hours ?? 720),
    halfLifeHours: Number(row?.half_life_hours ?? 168),
    rules: row?.rules ?? [],
    threshold: Number(row?.threshold ?? 50),
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

/** Touches from the JSON of `orderTouchesJoinSql` (jsonb may arrive parsed or as text), `at` as ISO. */
export function parseTouches(value: unknown): Touches {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Touches | null;
  return (list ?? []).map((touch) => ({ ...touch, at: new Date(touch.at).toISOString() }));
}
