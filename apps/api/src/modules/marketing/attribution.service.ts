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
import {
  notTestOrderSql,
  orderTouchesJoinSql,
  periodBounds,
  readJourneyConfig,
  rowsOf,
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

/**
 * Credits every paid order of a period to its touches under each of the six models (decision 068). Pure: the
 * same paths give the same table. Each order's revenue, margin and one order (as 100 hundredths) are split by the
 * model's shares with the largest-remainder method, so every model's column adds up to the period's totals to
 * the kopeck. An order without touches is one «direct» touch without source or campaign. Filters keep the
 * credit of matching touches only.
 */
export function creditPaths(
  paths: readonly PaidOrderPath[],
  options: { groupBy: 'channel' | 'campaign'; halfLifeHours: number; filters: Filters },
): { rows: Map<string, ModelCents>; totals: Cents } {
  const rows = new Map<string, ModelCents>();
  const totals = zero();
  for (const path of paths) {
    totals.orders += 100;
    totals.revenue += path.revenueKopecks;
    totals.margin += path.marginKopecks;
    const touches = path.touches.length
      ? path.touches
      : [{ sessionId: '', channel: NO_TOUCH_CHANNEL, source: null, medium: null, campaign: null, at: '' }];
    const { channel, source, campaign } = options.filters;
    if (touches.length === 1) {
      // One touch (most orders): every model's share is 1 and splitting a whole by [1] gives the whole, so the
      // touch gets the order, its revenue and its margin under each model — what the loop below computes, faster.
      const touch = touches[0]!;
      if (!same(touch.channel, channel) || !same(touch.source, source) || !same(touch.campaign, campaign))
        continue;
      const key = options.groupBy === 'channel' ? touch.channel : (touch.campaign ?? NO_DATA_LABEL);
      const row = rows.get(key) ?? zeroModels();
      for (const model of ATTRIBUTION_MODELS) {
        row[model].orders += 100;
        row[model].revenue += path.revenueKopecks;
        row[model].margin += path.marginKopecks;
      }
      rows.set(key, row);
      continue;
    }
    const modelTouches = touches.map((touch) => ({
      channel: touch.channel,
      at: touch.at ? Date.parse(touch.at) : path.createdAt.getTime(),
    }));
    // Each touch's row key, or null when the filters leave it out: once per touch, not per touch and model.
    const keys = touches.map((touch) =>
      !same(touch.channel, channel) || !same(touch.source, source) || !same(touch.campaign, campaign)
        ? null
        : options.groupBy === 'channel'
          ? touch.channel
          : (touch.campaign ?? NO_DATA_LABEL),
    );
    for (const model of ATTRIBUTION_MODELS) {
      const shares = attributeShares(model, modelTouches, path.createdAt.getTime(), options.halfLifeHours);
      const orders = splitByShares(100, shares);
      const revenue = splitByShares(path.revenueKopecks, shares);
      const margin = splitByShares(path.marginKopecks, shares);
      for (let index = 0; index < touches.length; index += 1) {
        const key = keys[index] ?? null;
        if (key === null || (orders[index] === 0 && revenue[index] === 0 && margin[index] === 0)) continue;
        let row = rows.get(key);
        if (!row) {
          row = zeroModels();
          rows.set(key, row);
        }
        row[model].orders += orders[index]!;
        row[model].revenue += revenue[index]!;
        row[model].margin += margin[index]!;
      }
    }
  }
  return { rows, totals };
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

export type AttributionService = ReturnType<typeof createAttributionService>;

export function createAttributionService(deps: { db: ReportDb }) {
  const { db } = deps;

  /** The paid orders created in the period (not deleted, not cancelled, not test), each with its touches. */
  async function paidOrderPaths(period: { from: string; to: string }, windowHours: number) {
    const { start, end } = periodBounds(period);
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
            where m.paid_live and m.created_at >= ${start}::timestamptz and m.created_at < ${end}::timestamptz
              and ${notTestOrderSql}
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

  async function report(query: AttributionQuery): Promise<AttributionReport> {
    const config = await readJourneyConfig(db);
    const options = { groupBy: query.groupBy, halfLifeHours: config.halfLifeHours, filters: query };
    const current = creditPaths(await paidOrderPaths(query, config.windowHours), options);
    const previous = query.compare
      ? creditPaths(await paidOrderPaths(previousPeriod(query.from, query.to), config.windowHours), options)
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
