import { sql } from 'drizzle-orm';
import {
  isAllowedUtmBaseUrl,
  MARKETING_MESSAGES,
  previousPeriod,
  visitorsSummedByDay,
  type MarketingCampaignRequest,
  type MarketingCampaignsQuery,
  type MarketingCampaignsResponse,
  type MarketingDashboardResponse,
  type MarketingEventsResponse,
  type MarketingReportQuery,
  type MarketingSourcesResponse,
  type MarketingSpendRequest,
  type MarketingUtmLinkRequest,
  type MarketingUtmLinksResponse,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import {
  BY_CAMPAIGN,
  BY_CHANNEL,
  BY_DAY,
  BY_SOURCE_MEDIUM,
  BY_UTM_TAGS_NO_VISITORS,
  daysOf,
  KEY_SEPARATOR,
  NO_FIGURES,
  openDaySpans,
  readFigures,
  readTotals,
  spansCondition,
  type RawFigures,
  type ReportFilters,
  type ReportRange,
} from './marketing-figures.ts';
import {
  toCampaign,
  toCampaignFigures,
  toDashboardTotals,
  toTraffic,
  toUtmLink,
} from './marketing.mapper.ts';
import type { MarketingRepository } from './marketing.repository.ts';
import { reportDb, reportSnapshot, type ReportDb } from './report-db.ts';

export type MarketingService = ReturnType<typeof createMarketingService>;

const filtersOf = (query: MarketingReportQuery): ReportFilters => ({
  channel: query.channel,
  source: query.source,
  campaign: query.campaign,
});
const rangeOf = (query: MarketingReportQuery): ReportRange => ({ from: query.from, to: query.to });
const byKey = <T extends { key: string }>(a: T, b: T) => a.key.localeCompare(b.key, 'ru');
/** Up to this many open days of events look up their sessions by the key, more by a join (sessionsWithEvents). */
const FEW_OPEN_DAYS = 7;
const lowerIn = (column: ReturnType<typeof sql.raw>, values: string[]) =>
  values.length === 0
    ? sql`false`
    : sql`lower(${column}) in (${sql.join(
        values.map((value) => sql`lower(${value})`),
        sql`, `,
      )})`;

/**
 * The groups keyed again by the JavaScript lower case, so a row's tag finds its group whatever the database's own
 * case folding did (a sum where two keys meet; visitors then count once per key).
 */
function byLowerKey(figures: Map<string, RawFigures>): Map<string, RawFigures> {
  const result = new Map<string, RawFigures>();
  for (const [key, value] of figures) {
    const lower = key.toLowerCase();
    const seen = result.get(lower);
    result.set(lower, seen ? addFigures(seen, value) : value);
  }
  return result;
}

const addFigures = (a: RawFigures, b: RawFigures) =>
  Object.fromEntries(
    Object.entries(a).map(([name, number]) => [name, number + b[name as keyof RawFigures]]),
  ) as RawFigures;

/** Every group's figures added up. */
const sumOfFigures = (figures: Map<string, RawFigures>): RawFigures =>
  [...figures.values()].reduce(addFigures, { ...NO_FIGURES });

type EventGroup = { event_type: string; event_category: string; event_action: string; page_path: string };
const groupKey = (row: EventGroup) =>
  [row.event_type, row.event_category, row.event_action, row.page_path].join(KEY_SEPARATOR);

/** The CRM marketing reports and their campaigns and UTM links (issue 19, decision 067). */
export function createMarketingService(deps: {
  db: Db;
  repo: MarketingRepository;
  clock: Clock;
  publicUrl: string;
  /** The reports' work_mem in MB on PostgreSQL (decision 084); 0 or absent: the server's. */
  reportWorkMemMb?: number;
}) {
  const { db, repo, clock } = deps;
  // The reports' statements (they only read); the campaigns' and links' own rows are read and written on db.
  const reports = reportDb(db, deps.reportWorkMemMb ?? 0);
  const snapshot = reportSnapshot(db, deps.reportWorkMemMb ?? 0);

  async function dashboard(query: MarketingReportQuery): Promise<MarketingDashboardResponse> {
    const range = rangeOf(query);
    const filters = filtersOf(query);
    const previous = query.compare ? previousPeriod(query.from, query.to) : null;
    const [totals, channels, days, before] = await Promise.all([
      readTotals(reports, range, filters),
      readFigures(reports, range, filters, BY_CHANNEL),
      readFigures(reports, range, filters, BY_DAY),
      previous ? readTotals(reports, previous, filters) : null,
    ]);
    return {
      period: range,
      totals: toDashboardTotals(totals),
      previous: previous && before ? { period: previous, totals: toDashboardTotals(before) } : null,
      byChannel: [...channels]
        .map(([key, figures]) => ({ key, ...toDashboardTotals(figures) }))
        .sort((a, b) => b.revenue - a.revenue || b.sessions - a.sessions || byKey(a, b))
        .map(({ key, ...rest }) => ({ channel: key, ...rest })),
      byDay: daysOf(range).map((date) => {
        const figures = days.get(date) ?? NO_FIGURES;
        return {
          date,
          sessions: figures.sessions,
          visitors: figures.visitors,
          orders: figures.orders,
          revenue: figures.revenueKopecks / 100,
          margin: figures.marginKopecks / 100,
        };
      }),
    };
  }

  async function sources(query: MarketingReportQuery): Promise<MarketingSourcesResponse> {
    const range = rangeOf(query);
    const filters = filtersOf(query);
    const previous = query.compare ? previousPeriod(query.from, query.to) : null;
    const [totals, rows, before] = await Promise.all([
      readTotals(reports, range, filters),
      readFigures(reports, range, filters, BY_SOURCE_MEDIUM),
      previous ? readTotals(reports, previous, filters) : null,
    ]);
    return {
      period: range,
      totals: toTraffic(totals),
      previous: before ? toTraffic(before) : null,
      rows: [...rows]
        .map(([key, figures]) => {
          const [source = '', medium = ''] = key.split(KEY_SEPARATOR);
          return { source, medium, ...toTraffic(figures) };
        })
        .sort((a, b) => b.sessions - a.sessions || b.orders - a.orders || a.source.localeCompare(b.source)),
    };
  }

  /** A filter of the reports: the tag, case-insensitive, '' for none. */
  const tagFilter = (column: string, value: string | undefined) =>
    value === undefined ? sql`` : sql` and lower(coalesce(${sql.raw(column)}, '')) = lower(${value})`;

  /**
   * The same period and tags in a daily rollup (decision 079: analytics_event_days or analytics_session_days,
   * alias d): its Moscow days are the period's, its tags the session's ('' for none).
   */
  function rollupScope(range: ReportRange, filters: ReportFilters) {
    return sql`d.day >= ${range.from}::date and d.day <= ${range.to}::date
      ${tagFilter('d.channel', filters.channel)}
      ${tagFilter('d.utm_source', filters.source)}
      ${tagFilter('d.utm_campaign', filters.campaign)}`;
  }

  /**
   * Sessions with events in the period, per event group (type, category, action, page) and in all (key ''),
   * decision 087: a session counts once per Moscow day it has events on, so a period is the sum of its days —
   * the closed days' stored counts (analytics_event_session_days) and the other days' (today's, or a day changed
   * since it was stored) from the raw rows, in one statement.
   */
  function sessionsWithEvents(range: ReportRange, filters: ReportFilters) {
    return snapshot((tx) => sessionsWithEventsIn(tx, range, filters));
  }

  async function sessionsWithEventsIn(tx: ReportDb, range: ReportRange, filters: ReportFilters) {
    const spans = await openDaySpans(tx, range);
    const raw = spansCondition(sql`e.created_at`, spans);
    // The open days are mostly today's: their events look up their sessions by the key, one event at a time
    // (`offset 0` keeps the lateral from being flattened into a join); as a join the planner scanned all 2 M
    // sessions of the full-size copy for a day's 29,000 events (0.4 s, decision 097's measurement). More open
    // days keep the join.
    const openDays = spans.reduce((sum, span) => sum + daysOf(span).length, 0);
    const sessions =
      openDays <= FEW_OPEN_DAYS
        ? sql`analytics_events e cross join lateral (
                select s.* from analytics_sessions s where s.session_id = e.session_id offset 0) s`
        : sql`analytics_events e join analytics_sessions s on s.session_id = e.session_id`;
    const result = (await tx.execute(sql`
      with pairs as materialized (
        select order_stats_day(e.created_at) as day, e.session_id, e.event_type,
               coalesce(e.event_category, '') as event_category, coalesce(e.event_action, '') as event_action,
               coalesce(e.page_path, '') as page_path
          from ${sessions}
         where not s.is_internal and (${raw})
           ${tagFilter('s.channel', filters.channel)}
           ${tagFilter('s.utm_source', filters.source)}
           ${tagFilter('s.utm_campaign', filters.campaign)}
         group by 1, 2, 3, 4, 5, 6),
      counted as (
        select event_type, event_category, event_action, page_path, count(*) as sessions
          from pairs group by 1, 2, 3, 4
        union all
        select '', '', '', '', count(*) from (select day, session_id from pairs group by 1, 2) x
        union all
        -- Summed per group first: a year's 330,000 stored rows, unsummed, made the planner sort them on disk
        -- for the final grouping (it counted on as many groups as rows).
        select d.event_type, d.event_category, d.event_action, d.page_path, sum(d.sessions)
          from analytics_event_session_days d where ${rollupScope(range, filters)}
         group by 1, 2, 3, 4)
      select event_type, event_category, event_action, page_path, sum(sessions)::int as sessions
        from counted group by 1, 2, 3, 4`)) as unknown as { rows: Array<EventGroup & { sessions: number }> };
    const byGroup = new Map<string, number>();
    let total = 0;
    for (const row of result.rows) {
      if (row.event_type === '') total = Number(row.sessions);
      else byGroup.set(groupKey(row), Number(row.sessions));
    }
    return { total, byGroup };
  }

  /** The events and conversions of the period from the rollup, and its sessions with events. */
  async function eventTotals(range: ReportRange, filters: ReportFilters) {
    const [counted, sessions] = await Promise.all([
      reports.execute(sql`
        select coalesce(sum(d.events), 0)::int as events, coalesce(sum(d.conversions), 0)::int as conversions
          from analytics_event_days d where ${rollupScope(range, filters)}`),
      sessionsWithEvents(range, filters),
    ]);
    const row = (counted as unknown as { rows: Array<{ events: number; conversions: number }> }).rows[0]!;
    return {
      events: Number(row.events),
      sessions: sessions.total,
      conversions: Number(row.conversions),
    };
  }

  async function events(query: MarketingReportQuery): Promise<MarketingEventsResponse> {
    const range = rangeOf(query);
    const filters = filtersOf(query);
    const previous = query.compare ? previousPeriod(query.from, query.to) : null;
    type Rows<T> = { rows: T[] };
    // Counts come from the daily rollup; the sessions of each group and of the period (distinct per day) from
    // sessionsWithEvents.
    const [totals, grouped, reach, pages, devices, browsers, days, before] = await Promise.all([
      reports.execute(sql`
        select coalesce(sum(d.events), 0)::int as events, coalesce(sum(d.conversions), 0)::int as conversions
          from analytics_event_days d where ${rollupScope(range, filters)}`),
      reports.execute(sql`
        select d.event_type, d.event_category, d.event_action, d.page_path, sum(d.events)::int as count
          from analytics_event_days d
         where ${rollupScope(range, filters)}
         group by 1, 2, 3, 4 having sum(d.events) > 0 order by 5 desc, 1, 2, 3, 4 limit 500`),
      sessionsWithEvents(range, filters),
      reports.execute(sql`
        select d.page_path as key, sum(d.events)::int as count
          from analytics_event_days d
         where ${rollupScope(range, filters)} and d.event_type = 'page_view'
         group by 1 having sum(d.events) > 0 order by 2 desc, 1 limit 20`),
      reports.execute(sql`
        select d.device_type as key, sum(d.sessions)::int as count from analytics_session_days d
         where ${rollupScope(range, filters)} group by 1 having sum(d.sessions) > 0 order by 2 desc, 1 limit 20`),
      reports.execute(sql`
        select d.browser_name as key, sum(d.sessions)::int as count from analytics_session_days d
         where ${rollupScope(range, filters)} group by 1 having sum(d.sessions) > 0 order by 2 desc, 1 limit 20`),
      reports.execute(sql`
        select d.day::text as key, sum(d.events)::int as count
          from analytics_event_days d where ${rollupScope(range, filters)} group by 1`),
      previous ? eventTotals(previous, filters) : null,
    ]);
    type Count = { key: string; count: number };
    const counts = (result: unknown) =>
      (result as Rows<Count>).rows.map((row) => ({ key: row.key, count: Number(row.count) }));
    const perDay = new Map(counts(days).map((row) => [row.key, row.count]));
    const counted = (totals as unknown as Rows<{ events: number; conversions: number }>).rows[0]!;
    return {
      period: range,
      totals: {
        events: Number(counted.events),
        sessions: reach.total,
        conversions: Number(counted.conversions),
      },
      previous: before,
      events: (grouped as unknown as Rows<EventGroup & { count: number }>).rows.map((row) => ({
        eventType: row.event_type,
        eventCategory: row.event_category,
        eventAction: row.event_action,
        pagePath: row.page_path,
        count: Number(row.count),
        sessions: reach.byGroup.get(groupKey(row)) ?? 0,
      })),
      topPages: counts(pages),
      devices: counts(devices),
      browsers: counts(browsers),
      byDay: daysOf(range).map((date) => ({ date, events: perDay.get(date) ?? 0 })),
    };
  }

  async function campaigns(query: MarketingCampaignsQuery): Promise<MarketingCampaignsResponse> {
    const range = rangeOf(query);
    const filters = filtersOf(query);
    const rows = await repo.listCampaigns(db, { archived: query.archived });
    const tags = rows.map((row) => row.utmCampaign);
    const scope = {
      sessions: lowerIn(sql.raw('s.utm_campaign'), tags),
      orders: lowerIn(sql.raw('o.utm_campaign'), tags),
      spend: lowerIn(sql.raw('c.utm_campaign'), tags),
      stored: lowerIn(sql.raw('v.key'), tags),
    };
    const previous = query.compare ? previousPeriod(query.from, query.to) : null;
    // Visitors summed by day (decision 088) are stored per campaign, not for a set of campaigns: the totals are
    // then the campaigns' sum, as every other column already is.
    const byCampaign = (period: ReportRange) => readFigures(reports, period, filters, BY_CAMPAIGN, scope);
    const current = byCampaign(range);
    const totalsOf = (period: ReportRange, rowsOfPeriod?: Promise<Map<string, RawFigures>>) =>
      visitorsSummedByDay(period)
        ? (rowsOfPeriod ?? byCampaign(period)).then(sumOfFigures)
        : readTotals(reports, period, filters, scope);
    const [spend, figures, totals, before] = await Promise.all([
      repo.spendOf(
        db,
        rows.map((row) => row.id),
      ),
      current.then(byLowerKey),
      totalsOf(range, current),
      previous ? totalsOf(previous) : null,
    ]);
    return {
      period: range,
      items: rows.map((row) => ({
        ...toCampaign(
          row,
          spend.filter((item) => item.campaignId === row.id),
        ),
        figures: toCampaignFigures(figures.get(row.utmCampaign.toLowerCase()) ?? NO_FIGURES),
      })),
      totals: toCampaignFigures(totals),
      previous: before ? toCampaignFigures(before) : null,
    };
  }

  async function campaignOrThrow(id: string) {
    const row = await repo.findCampaign(db, id);
    if (!row) throw new AppError('NOT_FOUND', MARKETING_MESSAGES.notFound);
    return row;
  }

  async function withSpend(row: Awaited<ReturnType<typeof campaignOrThrow>>) {
    return toCampaign(row, await repo.spendOf(db, [row.id]));
  }

  const taken = (error: unknown): never => {
    if (isUniqueViolation(error, 'marketing_campaigns_utm_key'))
      throw new AppError('CONFLICT', MARKETING_MESSAGES.campaignExists);
    throw error;
  };

  async function utmLinks(query: MarketingReportQuery): Promise<MarketingUtmLinksResponse> {
    const range = rangeOf(query);
    const [rows, figures] = await Promise.all([
      repo.listUtmLinks(db),
      readFigures(reports, range, filtersOf(query), BY_UTM_TAGS_NO_VISITORS).then(byLowerKey),
    ]);
    return {
      period: range,
      items: rows.map((row) => {
        const key = [row.utmSource, row.utmMedium, row.utmCampaign, row.utmContent ?? '', row.utmTerm ?? '']
          .join(KEY_SEPARATOR)
          .toLowerCase();
        return toUtmLink(row, figures.get(key) ?? NO_FIGURES);
      }),
    };
  }

  return {
    dashboard,
    sources,
    events,
    campaigns,
    utmLinks,
    async createCampaign(actor: UserPrincipal, input: MarketingCampaignRequest) {
      const row = await repo
        .insertCampaign(db, { ...input, createdBy: actor.userId, now: clock.now() })
        .catch(taken);
      return withSpend(row);
    },
    async updateCampaign(_actor: UserPrincipal, id: string, input: MarketingCampaignRequest) {
      const row = await repo.updateCampaign(db, id, input).catch(taken);
      if (!row) throw new AppError('NOT_FOUND', MARKETING_MESSAGES.notFound);
      return withSpend(row);
    },
    async setCampaignArchived(_actor: UserPrincipal, id: string, archived: boolean) {
      const row = await repo.setCampaignArchived(db, id, archived ? clock.now() : null);
      if (!row) throw new AppError('NOT_FOUND', MARKETING_MESSAGES.notFound);
      return withSpend(row);
    },
    async addSpend(actor: UserPrincipal, id: string, input: MarketingSpendRequest) {
      const campaign = await campaignOrThrow(id);
      if (campaign.archivedAt) throw new AppError('CONFLICT', MARKETING_MESSAGES.campaignArchived);
      await repo.insertSpend(db, {
        campaignId: id,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        amountKopecks: Math.round(input.amount * 100),
        note: input.note,
        createdBy: actor.userId,
        now: clock.now(),
      });
      return withSpend(campaign);
    },
    async removeSpend(_actor: UserPrincipal, id: string, spendId: string) {
      const campaign = await campaignOrThrow(id);
      if (!(await repo.deleteSpend(db, id, spendId)))
        throw new AppError('NOT_FOUND', MARKETING_MESSAGES.notFound);
      return withSpend(campaign);
    },
    async createUtmLink(actor: UserPrincipal, input: MarketingUtmLinkRequest) {
      if (!isAllowedUtmBaseUrl(input.baseUrl, deps.publicUrl))
        throw new AppError('VALIDATION_ERROR', MARKETING_MESSAGES.baseUrlInvalid, {
          details: [{ path: 'baseUrl', message: MARKETING_MESSAGES.baseUrlInvalid }],
        });
      const row = await repo.insertUtmLink(db, { ...input, createdBy: actor.userId, now: clock.now() });
      return toUtmLink(row, NO_FIGURES);
    },
    async archiveUtmLink(_actor: UserPrincipal, id: string) {
      if (!(await repo.archiveUtmLink(db, id, clock.now())))
        throw new AppError('NOT_FOUND', MARKETING_MESSAGES.notFound);
    },
  };
}
