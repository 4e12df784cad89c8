import { sql, type SQL } from 'drizzle-orm';
import { moscowDate, moscowDayStart, visitorsSummedByDay } from '@app/contracts';
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

/**
 * How rows are grouped: a text key per side (null: that side has no such grouping and is not read). `stored`: the
 * dimension's rows in analytics_visitor_days (decision 088), its grain and its key over a stored row (alias v),
 * read when the period's visitors are summed by day, or `always`: when each group is one day (its visitors are a
 * day's whatever the period) or the report shows no visitors. A dimension without `stored` counts its visitors
 * from the raw sessions over any period.
 */
export type Dimension = {
  sessions: SQL | null;
  orders: SQL | null;
  spend: SQL | null;
  stored?: { grain: number; key: SQL; always?: true };
};

/**
 * Extra conditions per side (e.g. the campaigns listed); `stored`: the sessions' condition over a stored row of
 * the dimension's grain (alias v), needed when the visitors are summed by day.
 */
export type Scope = { sessions?: SQL; orders?: SQL; spend?: SQL; stored?: SQL };

const ALL = sql`''`;
const STORED_KEY = sql`v.key`;
export const TOTAL: Dimension = {
  sessions: ALL,
  orders: ALL,
  spend: ALL,
  stored: { grain: 0, key: STORED_KEY },
};
export const BY_CHANNEL: Dimension = {
  sessions: sql`coalesce(s.channel, '')`,
  orders: sql`coalesce(o.acquisition_channel, '')`,
  spend: sql`coalesce(c.channel, '')`,
  stored: { grain: 1, key: STORED_KEY },
};
export const BY_CAMPAIGN: Dimension = {
  sessions: sql`lower(coalesce(s.utm_campaign, ''))`,
  orders: sql`lower(coalesce(o.utm_campaign, ''))`,
  spend: sql`lower(c.utm_campaign)`,
  stored: { grain: 2, key: STORED_KEY },
};
/** Source and medium joined by a unit separator (never in a tag: the contract refuses control characters). */
export const KEY_SEPARATOR = '\u001f';
export const BY_SOURCE_MEDIUM: Dimension = {
  sessions: sql`coalesce(s.utm_source, '') || chr(31) || coalesce(s.utm_medium, '')`,
  orders: sql`coalesce(o.utm_source, '') || chr(31) || coalesce(o.utm_medium, '')`,
  spend: null,
  stored: { grain: 3, key: STORED_KEY },
};
export const BY_DAY: Dimension = {
  sessions: sql`to_char(s.created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD')`,
  orders: sql`to_char(o.day, 'YYYY-MM-DD')`,
  spend: null,
  stored: { grain: 0, key: sql`to_char(v.day, 'YYYY-MM-DD')`, always: true },
};
/** Each saved link's tags: source, medium, campaign, content, term (lower case, '' for none). */
export const BY_UTM_TAGS: Dimension = {
  sessions: sql`lower(concat_ws(chr(31), coalesce(s.utm_source, ''), coalesce(s.utm_medium, ''), coalesce(s.utm_campaign, ''), coalesce(s.utm_content, ''), coalesce(s.utm_term, '')))`,
  orders: sql`lower(concat_ws(chr(31), coalesce(o.utm_source, ''), coalesce(o.utm_medium, ''), coalesce(o.utm_campaign, ''), coalesce(o.utm_content, ''), coalesce(o.utm_term, '')))`,
  spend: null,
  stored: { grain: 4, key: STORED_KEY },
};
/** The same for a report that shows no visitors (the UTM links' clicks): the stored days over any period. */
export const BY_UTM_TAGS_NO_VISITORS: Dimension = {
  ...BY_UTM_TAGS,
  stored: { grain: 4, key: STORED_KEY, always: true },
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

/**
 * The days of the period that are not stored (decisions 087, 088: today, or a day changed since the job stored
 * it), as runs of consecutive days. Read in the same snapshot as what is read with them.
 */
export async function openDaySpans(tx: ReportDb, range: ReportRange): Promise<ReportRange[]> {
  const closed = (await tx.execute(sql`
    select day::text as day from analytics_closed_days
     where day >= ${range.from}::date and day <= ${range.to}::date`)) as unknown as {
    rows: Array<{ day: string }>;
  };
  const closedDays = new Set(closed.rows.map((row) => row.day));
  const spans: ReportRange[] = [];
  for (const day of daysOf(range)) {
    if (closedDays.has(day)) continue;
    const last = spans.at(-1);
    if (last && moscowDate(moscowDayStart(last.to, 1)) === day) last.to = day;
    else spans.push({ from: day, to: day });
  }
  return spans;
}

/** The `created_at` ranges of the spans (`column` is a timestamptz), or false for none. */
export function spansCondition(column: SQL, spans: ReportRange[]): SQL {
  if (spans.length === 0) return sql`false`;
  return sql.join(
    spans.map((span) => {
      const { start, end } = bounds(span);
      return sql`(${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz)`;
    }),
    sql` or `,
  );
}

const sessionFilters = (filters: ReportFilters) => sql`
  ${equalsFilter(sql`s.channel`, filters.channel)}
  ${equalsFilter(sql`s.utm_source`, filters.source)}
  ${equalsFilter(sql`s.utm_campaign`, filters.campaign)}`;

/**
 * Sessions and visitors per group (decision 079): distinct visitors are not additive, so they are counted from the
 * period's sessions, exactly, in two steps (each group's visitors with their sessions, then the groups): hash
 * aggregates where count(distinct) would sort.
 */
function exactSessions(db: ReportDb, range: ReportRange, filters: ReportFilters, key: SQL, scope: Scope) {
  const { start, end } = bounds(range);
  return db.execute(sql`
    select v.key, sum(v.sessions)::int as sessions, count(*)::int as visitors
      from (select ${key} as key, coalesce(s.visitor_id, s.session_id) as visitor, count(*) as sessions
              from analytics_sessions s
             where not s.is_internal
               and s.created_at >= ${start}::timestamptz and s.created_at < ${end}::timestamptz
               ${sessionFilters(filters)}
               ${scope.sessions ? sql` and ${scope.sessions}` : sql``}
             group by 1, 2) v
     group by 1`);
}

/**
 * Sessions and visitors per group with a visitor counted once per Moscow day (decision 088): the closed days'
 * stored rows of the dimension's grain and filters, and the other days counted from the raw sessions per day, in
 * one snapshot.
 */
function dailySessions(
  db: ReportDb,
  range: ReportRange,
  filters: ReportFilters,
  dimension: Dimension & { sessions: SQL; stored: NonNullable<Dimension['stored']> },
  scope: Scope,
) {
  if (!db.snapshot) throw new Error('readFigures: the visitors by day need a reportDb() with its snapshot');
  if (scope.sessions && !scope.stored)
    throw new Error('readFigures: the scope has no condition on stored rows');
  const mask =
    (filters.channel === undefined ? 0 : 1) |
    (filters.source === undefined ? 0 : 2) |
    (filters.campaign === undefined ? 0 : 4);
  const storedFilter = (column: string, value: string | undefined) =>
    value === undefined ? sql`` : sql` and ${sql.raw(column)} = lower(${value})`;
  return db.snapshot(async (tx) => {
    const spans = await openDaySpans(tx, range);
    return tx.execute(sql`
      select x.key, sum(x.sessions)::int as sessions, sum(x.visitors)::int as visitors
        from (
          select ${dimension.stored.key} as key, v.sessions, v.visitors
            from analytics_visitor_days v
           where v.grain = ${dimension.stored.grain * 8 + mask}
             and v.day >= ${range.from}::date and v.day <= ${range.to}::date
             ${storedFilter('v.channel', filters.channel)}
             ${storedFilter('v.utm_source', filters.source)}
             ${storedFilter('v.utm_campaign', filters.campaign)}
             ${scope.stored ? sql` and ${scope.stored}` : sql``}
          union all
          select d.key, sum(d.sessions), count(*)
            from (select ${dimension.sessions} as key, order_stats_day(s.created_at) as day,
                         coalesce(s.visitor_id, s.session_id) as visitor, count(*) as sessions
                    from analytics_sessions s
                   where not s.is_internal and (${spansCondition(sql`s.created_at`, spans)})
                     ${sessionFilters(filters)}
                     ${scope.sessions ? sql` and ${scope.sessions}` : sql``}
                   group by 1, 2, 3) d
           group by 1) x
       group by 1`);
  });
}

/** Each group's figures for the period, by the dimension's key. */
export async function readFigures(
  db: ReportDb,
  range: ReportRange,
  filters: ReportFilters,
  dimension: Dimension,
  scope: Scope = {},
): Promise<Map<string, RawFigures>> {
  const orderConditions = sql`
    ${equalsFilter(sql`o.acquisition_channel`, filters.channel)}
    ${equalsFilter(sql`o.utm_source`, filters.source)}
    ${equalsFilter(sql`o.utm_campaign`, filters.campaign)}
    ${scope.orders ? sql` and ${scope.orders}` : sql``}`;
  const sessionsKey = dimension.sessions;
  const [sessions, orders, spend] = await Promise.all([
    sessionsKey === null
      ? null
      : dimension.stored && (dimension.stored.always || visitorsSummedByDay(range))
        ? dailySessions(
            db,
            range,
            filters,
            { ...dimension, sessions: sessionsKey, stored: dimension.stored },
            scope,
          )
        : exactSessions(db, range, filters, sessionsKey, scope),
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
