import { sql } from 'drizzle-orm';
import {
  ATTRIBUTION_METRIC_LABELS,
  ATTRIBUTION_MODEL_LABELS,
  ATTRIBUTION_MODELS,
  NO_DATA_LABEL,
  NO_TOUCH_CHANNEL,
  previousPeriod,
  type AttributionCredit,
  type AttributionModel,
  type AttributionQuery,
  type AttributionReport,
  type AttributionRow,
} from '@app/contracts';
import type { ReportDb } from './report-db.ts';
import { csvRow } from '../../lib/csv.ts';
import { attributeShares, splitByShares } from './attribution-models.ts';
import { inSnapshot, journeyDays, type StoredDay, type TimeRange } from './journey-days.ts';
import {
  arrayParam,
  notTestOrderSql,
  orderTouchesJoinSql,
  readJourneyConfig,
  rowsOf,
  type JourneyConfig,
  type Touches,
} from './journey-sql.ts';

type Cents = { orders: number; revenue: number; margin: number };
type ModelCents = Record<AttributionModel, Cents>;
const zero = (): Cents => ({ orders: 0, revenue: 0, margin: 0 });
const zeroModels = (): ModelCents =>
  Object.fromEntries(ATTRIBUTION_MODELS.map((model) => [model, zero()])) as ModelCents;
/** Orders are split in hundredths, money in kopecks: whole numbers, so the largest-remainder sums are exact. */
const toCredit = (cents: Cents): AttributionCredit => ({
  orders: cents.orders / 100,
  revenue: cents.revenue / 100,
  margin: cents.margin / 100,
});

export type PaidOrderPath = {
  orderId: string;
  createdAt: Date;
  revenueKopecks: number;
  marginKopecks: number;
  touches: Touches;
};

/** The touches of `touchesJoinSql` as the database wrote them (`at` in its own timestamp text). */
function rawTouches(value: unknown): Touches {
  return ((typeof value === 'string' ? JSON.parse(value) : value) as Touches | null) ?? [];
}

type Filters = Pick<AttributionQuery, 'channel' | 'source' | 'campaign'>;
const same = (a: string | null, b: string | undefined) => !b || (a ?? '').toLowerCase() === b.toLowerCase();

/** A touch's credit under each model: its channel, source and campaign as the session has them. */
export type TouchCredit = {
  channel: string;
  source: string | null;
  campaign: string | null;
  models: ModelCents;
};
/** The credit entry of a touch key in `credits`, added (all zero) when it is not there yet. */
function creditEntry(
  credits: Map<string, TouchCredit>,
  key: string,
  touch: { channel: string; source: string | null; campaign: string | null },
): TouchCredit {
  let credit = credits.get(key);
  if (!credit) {
    credit = { channel: touch.channel, source: touch.source, campaign: touch.campaign, models: zeroModels() };
    credits.set(key, credit);
  }
  return credit;
}

/** The map key of a touch's channel, source and campaign (journey_day_credits.key, decision 096). */
export const touchKey = (touch: { channel: string; source: string | null; campaign: string | null }) =>
  JSON.stringify([touch.channel, touch.source, touch.campaign]);

/**
 * Credits every paid order of the paths to its touches under each of the six models (decision 068), per touch
 * channel, source and campaign. Pure: the same paths give the same credits. Each order's revenue, margin and one
 * order (as 100 hundredths) are split by the model's shares with the largest-remainder method, so every model's
 * credits add up to the totals to the kopeck — and sums of such credits (stored days, decision 096) stay exact.
 * An order without touches is one «direct» touch without source or campaign. `into` adds to credits already
 * summed (stored days).
 */
export function creditTouches(
  paths: readonly PaidOrderPath[],
  halfLifeHours: number,
  into: { touches: Map<string, TouchCredit>; totals: Cents } = { touches: new Map(), totals: zero() },
): { touches: Map<string, TouchCredit>; totals: Cents } {
  const { touches: credits, totals } = into;
  const creditOf = (touch: Touches[number]) => creditEntry(credits, touchKey(touch), touch).models;
  for (const path of paths) {
    totals.orders += 100;
    totals.revenue += path.revenueKopecks;
    totals.margin += path.marginKopecks;
    const touches = path.touches.length
      ? path.touches
      : [{ sessionId: '', channel: NO_TOUCH_CHANNEL, source: null, medium: null, campaign: null, at: '' }];
    if (touches.length === 1) {
      // One touch (most orders): every model's share is 1 and splitting a whole by [1] gives the whole, so the
      // touch gets the order, its revenue and its margin under each model — what the loop below computes, faster.
      const models = creditOf(touches[0]!);
      for (const model of ATTRIBUTION_MODELS) {
        models[model].orders += 100;
        models[model].revenue += path.revenueKopecks;
        models[model].margin += path.marginKopecks;
      }
      continue;
    }
    const modelTouches = touches.map((touch) => ({
      channel: touch.channel,
      at: touch.at ? Date.parse(touch.at) : path.createdAt.getTime(),
    }));
    for (const model of ATTRIBUTION_MODELS) {
      const shares = attributeShares(model, modelTouches, path.createdAt.getTime(), halfLifeHours);
      const orders = splitByShares(100, shares);
      const revenue = splitByShares(path.revenueKopecks, shares);
      const margin = splitByShares(path.marginKopecks, shares);
      for (let index = 0; index < touches.length; index += 1) {
        if (orders[index] === 0 && revenue[index] === 0 && margin[index] === 0) continue;
        const credit = creditOf(touches[index]!)[model];
        credit.orders += orders[index]!;
        credit.revenue += revenue[index]!;
        credit.margin += margin[index]!;
      }
    }
  }
  return into;
}

/**
 * The touches' credits as the report's rows: per channel or campaign, only the touches the filters keep
 * (case-insensitive; an order's other touches keep their share, it is just not shown).
 */
export function foldCredits(
  credits: Iterable<TouchCredit>,
  groupBy: 'channel' | 'campaign',
  filters: Filters,
): Map<string, ModelCents> {
  const rows = new Map<string, ModelCents>();
  const { channel, source, campaign } = filters;
  for (const credit of credits) {
    if (!same(credit.channel, channel) || !same(credit.source, source) || !same(credit.campaign, campaign))
      continue;
    const key = groupBy === 'channel' ? credit.channel : (credit.campaign ?? NO_DATA_LABEL);
    let row = rows.get(key);
    if (!row) {
      row = zeroModels();
      rows.set(key, row);
    }
    for (const model of ATTRIBUTION_MODELS) {
      row[model].orders += credit.models[model].orders;
      row[model].revenue += credit.models[model].revenue;
      row[model].margin += credit.models[model].margin;
    }
  }
  return rows;
}

/** The report's rows of the paths as they are: `creditTouches` then `foldCredits`. */
export function creditPaths(
  paths: readonly PaidOrderPath[],
  options: { groupBy: 'channel' | 'campaign'; halfLifeHours: number; filters: Filters },
): { rows: Map<string, ModelCents>; totals: Cents } {
  const { touches, totals } = creditTouches(paths, options.halfLifeHours);
  return { rows: foldCredits(touches.values(), options.groupBy, options.filters), totals };
}

function sortRows(
  rows: AttributionRow[],
  sort: string,
  metric: AttributionQuery['metric'],
): AttributionRow[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const order =
      key === 'key'
        ? a.key.localeCompare(b.key, 'ru')
        : a.models[key as AttributionModel][metric] - b.models[key as AttributionModel][metric];
    return order * direction || a.key.localeCompare(b.key, 'ru');
  });
}

/**
 * The paid orders created in the ranges (not deleted, not cancelled, not test), each with its touches, oldest
 * first.
 */
export async function readPaidOrderPaths(
  db: ReportDb,
  ranges: readonly TimeRange[],
  windowHours: number,
): Promise<PaidOrderPath[]> {
  if (!ranges.length) return [];
  const inRanges = sql.join(
    ranges.map(
      (range) =>
        sql`(m.created_at >= ${range.start}::timestamptz and m.created_at < ${range.end}::timestamptz)`,
    ),
    sql` or `,
  );
  const rows = await rowsOf<{
    order_id: string;
    created_at: Date | string;
    revenue_kopecks: number | string;
    margin_kopecks: number | string;
    touches: unknown;
  }>(
    db,
    // The money of each paid live order is kept in marketing_order_facts (decision 078). The period's orders
    // are read first (a materialized CTE, decision 085): otherwise a long period's plan may scan every order
    // and look up the session and visitor of each before joining the period's facts.
    sql`with o as materialized (
          select o.id, o.created_at, o.analytics_session_id, o.analytics_visitor_id,
                 m.revenue_kopecks, m.margin_kopecks
          from marketing_order_facts m
          join orders o on o.id = m.order_id
          where m.paid_live and (${inRanges}) and ${notTestOrderSql}
        )
        select o.id as order_id, o.created_at, o.revenue_kopecks, o.margin_kopecks, t.touches
        from o ${orderTouchesJoinSql(windowHours)}
        order by o.created_at, o.id`,
  );
  return rows.map((row): PaidOrderPath => ({
    orderId: row.order_id,
    createdAt: new Date(row.created_at),
    revenueKopecks: Number(row.revenue_kopecks),
    marginKopecks: Number(row.margin_kopecks),
    // Only `Date.parse` reads the touches' times here: the database's text gives the same milliseconds as the
    // ISO text `parseTouches` makes of it, without a Date per touch (decision 085).
    touches: rawTouches(row.touches),
  }));
}

/** The stored days' credits summed per model and touch, added to `into` (as `creditTouches` would have). */
export async function addStoredCredits(
  db: ReportDb,
  days: readonly StoredDay[],
  into: { touches: Map<string, TouchCredit>; totals: Cents },
): Promise<void> {
  if (!days.length) return;
  for (const day of days) {
    into.totals.orders += day.paidOrders * 100;
    into.totals.revenue += day.revenueKopecks;
    into.totals.margin += day.marginKopecks;
  }
  const rows = await rowsOf<{
    model: string;
    key: string;
    channel: string;
    utm_source: string | null;
    utm_campaign: string | null;
    orders: number | string;
    revenue: number | string;
    margin: number | string;
  }>(
    db,
    sql`select model, key, channel, utm_source, utm_campaign,
               sum(orders) as orders, sum(revenue_kopecks) as revenue, sum(margin_kopecks) as margin
          from journey_day_credits
         where day = any(${arrayParam(
           days.map((day) => day.day),
           'date',
         )})
         group by model, key, channel, utm_source, utm_campaign`,
  );
  for (const row of rows) {
    const credit = creditEntry(into.touches, row.key, {
      channel: row.channel,
      source: row.utm_source,
      campaign: row.utm_campaign,
    });
    const cents = credit.models[row.model as AttributionModel];
    if (!cents) continue;
    cents.orders += Number(row.orders);
    cents.revenue += Number(row.revenue);
    cents.margin += Number(row.margin);
  }
}

/**
 * The credits of a period's paid orders per touch: the valid stored days' sums (decision 096) and the other days
 * credited from the raw rows, read in one snapshot.
 */
async function periodCredits(db: ReportDb, period: { from: string; to: string }) {
  return inSnapshot(db, async (tx) => {
    const config: JourneyConfig = await readJourneyConfig(tx);
    const days = await journeyDays(tx, period);
    const credits = { touches: new Map<string, TouchCredit>(), totals: zero() };
    await addStoredCredits(tx, days.stored, credits);
    const paths = await readPaidOrderPaths(tx, days.live, config.windowHours);
    return { config, ...creditTouches(paths, config.halfLifeHours, credits) };
  });
}

export type AttributionService = ReturnType<typeof createAttributionService>;

export function createAttributionService(deps: { db: ReportDb }) {
  const { db } = deps;

  async function report(query: AttributionQuery): Promise<AttributionReport> {
    const fold = (credits: Awaited<ReturnType<typeof periodCredits>>) => ({
      rows: foldCredits(credits.touches.values(), query.groupBy, query),
      totals: credits.totals,
    });
    const credited = await periodCredits(db, query);
    const { config } = credited;
    const current = fold(credited);
    const previous = query.compare
      ? fold(await periodCredits(db, previousPeriod(query.from, query.to)))
      : null;
    const toModels = (cents: ModelCents) =>
      Object.fromEntries(ATTRIBUTION_MODELS.map((model) => [model, toCredit(cents[model])])) as Record<
        AttributionModel,
        AttributionCredit
      >;
    const keys = new Set([...current.rows.keys(), ...(previous?.rows.keys() ?? [])]);
    const rows = [...keys].map((key): AttributionRow => ({
      key,
      models: toModels(current.rows.get(key) ?? zeroModels()),
      previous: previous ? toModels(previous.rows.get(key) ?? zeroModels()) : null,
    }));
    return {
      groupBy: query.groupBy,
      metric: query.metric,
      rows: sortRows(rows, query.sort, query.metric),
      totals: toCredit(current.totals),
      previousTotals: previous ? toCredit(previous.totals) : null,
      windowHours: config.windowHours,
      halfLifeHours: config.halfLifeHours,
    };
  }

  return {
    report,
    /** The table as shown: the chosen grouping and metric, the six models, the previous period when compared. */
    async *exportCsv(query: AttributionQuery): AsyncGenerator<string> {
      const result = await report(query);
      const metric = ATTRIBUTION_METRIC_LABELS[query.metric];
      const unit = query.metric === 'orders' ? '' : ', ₽';
      const header = [query.groupBy === 'channel' ? 'Канал' : 'Кампания'];
      for (const model of ATTRIBUTION_MODELS) {
        header.push(`${ATTRIBUTION_MODEL_LABELS[model]}: ${metric}${unit}`);
        if (query.compare) header.push(`${ATTRIBUTION_MODEL_LABELS[model]}: прошлый период${unit}`);
      }
      yield '\uFEFF' + csvRow(header);
      const format = (value: number) => value.toFixed(2);
      for (const row of result.rows) {
        const cells: unknown[] = [row.key];
        for (const model of ATTRIBUTION_MODELS) {
          cells.push(format(row.models[model][query.metric]));
          if (query.compare) cells.push(format(row.previous?.[model][query.metric] ?? 0));
        }
        yield csvRow(cells);
      }
    },
  };
}
