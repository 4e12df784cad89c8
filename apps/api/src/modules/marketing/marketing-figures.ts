import { sql, type SQL } from 'drizzle-orm';
import { moscowDayStart } from '@app/contracts';
import type { ReportDb } from './report-db.ts';

/** The configured test e-mails (lower case): their orders are left out of every report. */
const TEST_EMAILS = sql`select lower(t.value) from analytics_config c, jsonb_array_elements_text(c.test_emails) t(value)`;

/**
 * The one place the marketing reports count (decision 067). A period is Moscow days [from, to]; sessions count by
 * their start, orders by their creation (a cohort, like the unit economics), spend is pro-rated to the period by
 * days. Left out everywhere: internal sessions (`is_internal`), deleted orders, orders of the configured test
 * e-mails. Money is whole kopecks here; the mapper turns it into roubles.
 */
export type ReportFilters = { channel?: string; source?: string; campaign?: string };
export type ReportRange = { from: string; to: string };

export type RawFigures = {
  sessions: number;
  visitors: number;
  orders: number;
  paidOrders: number;
  revenueKopecks: number;
  marginKopecks: number;
  newCustomers: number;
  spendKopecks: number;
};
export const NO_FIGURES: RawFigures = {
  sessions: 0,
  visitors: 0,
  orders: 0,
  paidOrders: 0,
  revenueKopecks: 0,
  marginKopecks: 0,
  newCustomers: 0,
  spendKopecks: 0,
};

/** How rows are grouped: a text key per side (null: that side has no such grouping and is not read). */
export type Dimension = { sessions: SQL | null; orders: SQL | null; spend: SQL | null };

/** Extra conditions per side (e.g. the campaigns listed). */
export type Scope = { sessions?: SQL; orders?: SQL; spend?: SQL };

const ALL = sql`''`;
export const TOTAL: Dimension = { sessions: ALL, orders: ALL, spend: ALL };
export const BY_CHANNEL: Dimension = {
  sessions: sql`coalesce(s.channel, '')`,
  orders: sql`coalesce(o.acquisition_channel, '')`,
  spend: sql`coalesce(c.channel, '')`,
};
export const BY_CAMPAIGN: Dimension = {
  sessions: sql`lower(coalesce(s.utm_campaign, ''))`,
  orders: sql`lower(coalesce(o.utm_campaign, ''))`,
  spend: sql`lower(c.utm_campaign)`,
};
/** Source and medium joined by a unit separator (never in a tag: the contract refuses control characters). */
export const KEY_SEPARATOR = '\u001f';
export const BY_SOURCE_MEDIUM: Dimension = {
  sessions: sql`coalesce(s.utm_source, '') || chr(31) || coalesce(s.utm_medium, '')`,
  orders: sql`coalesce(o.utm_source, '') || chr(31) || coalesce(o.utm_medium, '')`,
  spend: null,
};
export const BY_DAY: Dimension = {
  sessions: sql`to_char(s.created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD')`,
  orders: sql`to_char(o.day, 'YYYY-MM-DD')`,
  spend: null,
};
/** Each saved link's tags: source, medium, campaign, content, term (lower case, '' for none). */
export const BY_UTM_TAGS: Dimension = {
  sessions: sql`lower(concat_ws(chr(31), coalesce(s.utm_source, ''), coalesce(s.utm_medium, ''), coalesce(s.utm_campaign, ''), coalesce(s.utm_content, ''), coalesce(s.utm_term, '')))`,
  orders: sql`lower(concat_ws(chr(31), coalesce(o.utm_source, ''), coalesce(o.utm_medium, ''), coalesce(o.utm_campaign, ''), coalesce(o.utm_content, ''), coalesce(o.utm_term, '')))`,
  spend: null,
};

const equalsFilter = (column: SQL, value: string | undefined) =>
  value === undefined ? sql`` : sql` and lower(coalesce(${column}, '')) = lower(${value})`;

function bounds(range: ReportRange) {
  return {
    start: moscowDayStart(range.from).toISOString(),
    end: moscowDayStart(range.to, 1).toISOString(),
  };
}

type Row = Record<string, unknown> & { key: string };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Each group's figures for the period, by the dimension's key. */
export async function readFigures(
  db: ReportDb,
  range: ReportRange,
  filters: ReportFilters,
  dimension: Dimension,
  scope: Scope = {},
): Promise<Map<string, RawFigures>> {
  const { start, end } = bounds(range);
  const orderConditions = sql`
    ${equalsFilter(sql`o.acquisition_channel`, filters.channel)}
    ${equalsFilter(sql`o.utm_source`, filters.source)}
    ${equalsFilter(sql`o.utm_campaign`, filters.campaign)}
    ${scope.orders ? sql` and ${scope.orders}` : sql``}`;
  const [sessions, orders, spend] = await Promise.all([
    dimension.sessions
      ? // Distinct visitors are not additive, so they are counted from the period's sessions, exactly: in two
        // steps (each group's visitors with their sessions, then the groups): hash aggregates where
        // count(distinct) would sort (decision 079).
        db.execute(sql`
          select v.key, sum(v.sessions)::int as sessions, count(*)::int as visitors
            from (select ${dimension.sessions} as key, coalesce(s.visitor_id, s.session_id) as visitor,
                         count(*) as sessions
                    from analytics_sessions s
                   where not s.is_internal
                     and s.created_at >= ${start}::timestamptz and s.created_at < ${end}::timestamptz
                     ${equalsFilter(sql`s.channel`, filters.channel)}
                     ${equalsFilter(sql`s.utm_source`, filters.source)}
                     ${equalsFilter(sql`s.utm_campaign`, filters.campaign)}
                     ${scope.sessions ? sql` and ${scope.sessions}` : sql``}
                   group by 1, 2) v
           group by 1`)
      : null,
    dimension.orders
      ? db.execute(sql`
          select x.key,
                 sum(x.orders)::int as orders,
                 sum(x.paid_orders)::int as paid_orders,
                 sum(x.revenue_kopecks)::text as revenue,
                 sum(x.margin_kopecks)::text as margin,
                 sum(x.new_customers)::int as new_customers
            from (
              select ${dimension.orders} as key, o.orders, o.paid_orders, o.revenue_kopecks, o.margin_kopecks,
                     o.new_customers
                from marketing_order_daily o
               where o.day >= ${range.from}::date and o.day <= ${range.to}::date ${orderConditions}
              union all
              -- the test e-mails' orders, read now: a change of the configuration needs no rebuild
              select ${dimension.orders}, -o.live::int, -o.paid_live::int, -o.revenue_kopecks, -o.margin_kopecks,
                     -o.first_paid::int
                from marketing_order_facts o
               where o.email_lower in (${TEST_EMAILS})
                 and o.day >= ${range.from}::date and o.day <= ${range.to}::date ${orderConditions}
            ) x
           group by 1
          having sum(x.orders) > 0`)
      : null,
    dimension.spend
      ? db.execute(sql`
          select ${dimension.spend} as key,
                 round(sum(sp.amount_kopecks::numeric
                   * (least(sp.period_end, ${range.to}::date) - greatest(sp.period_start, ${range.from}::date) + 1)
                   / (sp.period_end - sp.period_start + 1)))::text as spend
            from marketing_campaign_spend sp
            join marketing_campaigns c on c.id = sp.campaign_id
           where sp.period_start <= ${range.to}::date and sp.period_end >= ${range.from}::date
             ${equalsFilter(sql`c.channel`, filters.channel)}
             ${equalsFilter(sql`c.utm_source`, filters.source)}
             ${equalsFilter(sql`c.utm_campaign`, filters.campaign)}
             ${scope.spend ? sql` and ${scope.spend}` : sql``}
           group by 1`)
      : null,
  ]);

  const result = new Map<string, RawFigures>();
  const entry = (key: string) => {
    let figures = result.get(key);
    if (!figures) {
      figures = { ...NO_FIGURES };
      result.set(key, figures);
    }
    return figures;
  };
  for (const row of sessions ? rowsOf(sessions) : []) {
    const figures = entry(row.key);
    figures.sessions = Number(row.sessions);
    figures.visitors = Number(row.visitors);
  }
  for (const row of orders ? rowsOf(orders) : []) {
    const figures = entry(row.key);
    figures.orders = Number(row.orders);
    figures.paidOrders = Number(row.paid_orders);
    figures.revenueKopecks = Number(row.revenue);
    figures.marginKopecks = Number(row.margin);
    figures.newCustomers = Number(row.new_customers);
  }
  for (const row of spend ? rowsOf(spend) : []) entry(row.key).spendKopecks = Number(row.spend);
  return result;
}

/** The period's one line of figures. */
export async function readTotals(
  db: ReportDb,
  range: ReportRange,
  filters: ReportFilters,
  scope: Scope = {},
  dimension: Dimension = TOTAL,
): Promise<RawFigures> {
  const figures = await readFigures(db, range, filters, dimension, scope);
  return figures.get('') ?? { ...NO_FIGURES };
}

/** Every Moscow day of [from, to]. */
export function daysOf(range: ReportRange): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${range.from}T00:00:00Z`); day <= Date.parse(`${range.to}T00:00:00Z`);) {
    days.push(new Date(day).toISOString().slice(0, 10));
    day += 86_400_000;
  }
  return days;
}
