import { sql, type SQL } from 'drizzle-orm';
import {
  NO_DATA_LABEL,
  previousPeriod,
  type TouchpointOrder,
  type TouchpointsQuery,
  type TouchpointsResponse,
} from '@app/contracts';
import type { ReportDb } from './report-db.ts';
import { csvRow } from '../../lib/csv.ts';
import { parseKeysetCursor } from '../../lib/keyset.ts';
import { inSnapshot, journeyDays, type TimeRange } from './journey-days.ts';
import {
  arrayParam,
  notTestOrderSql,
  orderLinksJoinSql,
  parseTouches,
  periodBounds,
  readJourneyConfig,
  rowsOf,
  sessionChannelSql,
  sessionFiltersSql,
  type TagFilters,
  touchCountJoinSql,
  touchesJoinSql,
  touchSessionSql,
} from './journey-sql.ts';

const DAY = 86_400_000;
type Row = {
  id: string;
  number: number | string;
  created_at: Date | string;
  is_paid: boolean;
  amount: number | string;
  touches: unknown;
};

/**
 * Whether an order passes the filters, on its touch count `tc` (`touchCountJoinSql` with `sessionFiltersSql`): a touch
 * matches them; an order without touches is one «direct» touch without source or campaign. Null without filters.
 */
function touchFilterSql(query: TagFilters): SQL | null {
  if (!query.channel && !query.source && !query.campaign) return null;
  const noTouchMatches = !query.source && !query.campaign && query.channel?.toLowerCase() === 'direct';
  return sql`(case when tc.n = 0 then ${noTouchMatches} else tc.matches end)`;
}

export function toTouchpointOrder(row: Row): TouchpointOrder {
  const touches = parseTouches(row.touches);
  const createdAt = new Date(row.created_at);
  const first = touches[0];
  return {
    orderId: row.id,
    number: Number(row.number),
    createdAt: createdAt.toISOString(),
    isPaid: row.is_paid,
    amount: Number(row.amount),
    touches,
    days: first ? Math.floor((createdAt.getTime() - Date.parse(first.at)) / DAY) : 0,
  };
}

const rangeOf = (period: { from: string; to: string }): TimeRange => {
  const { start, end } = periodBounds(period);
  return { start, end };
};

/**
 * The live orders created in the ranges that pass the filters, with their session and visitor (`os`, `ov`) and,
 * when `counted` or filtered, their touch count (`tc`). Counting and filtering need no touches built (decision
 * 085).
 */
function scopeSql(
  query: TagFilters,
  ranges: readonly TimeRange[],
  windowHours: number,
  counted: boolean,
): SQL {
  const filter = touchFilterSql(query);
  const inRanges = ranges.length
    ? sql.join(
        ranges.map(
          (range) =>
            sql`(o.created_at >= ${range.start}::timestamptz and o.created_at < ${range.end}::timestamptz)`,
        ),
        sql` or `,
      )
    : sql`false`;
  return sql`from orders o ${orderLinksJoinSql}
             ${counted || filter ? touchCountJoinSql(windowHours, sessionFiltersSql('s', query)) : sql``}
             where o.deleted_at is null and (${inRanges})
               and ${notTestOrderSql} and ${filter ?? sql`true`}`;
}

/** The live orders created in the ranges that pass the filters (none: all), and the sum of their touches. */
export async function countTouchedOrders(
  db: ReportDb,
  ranges: readonly TimeRange[],
  windowHours: number,
  filters: TagFilters = {},
): Promise<{ orders: number; touches: number }> {
  if (!ranges.length) return { orders: 0, touches: 0 };
  const [row] = await rowsOf<{ orders: number | string; touches: number | string | null }>(
    db,
    sql`select count(*) as orders, coalesce(sum(tc.n), 0) as touches ${scopeSql(filters, ranges, windowHours, true)}`,
  );
  return { orders: Number(row?.orders ?? 0), touches: Number(row?.touches ?? 0) };
}

/**
 * One closed day's touchpoints per filter (decision 096, filters), a `select` of the rows of
 * `journey_day_touch_filters` without the day: per mask of filters and value of them among the touches of the
 * day's live orders, the orders with such a touch and the sum of their touches; mask 0 the orders without touches.
 */
export function touchFiltersOfDaySql(range: TimeRange, windowHours: number): SQL {
  const order = { createdAt: sql`o.created_at`, sid: sql`o.sid`, vid: sql`o.vid` };
  return sql`with o as materialized (
      select o.id, o.created_at, os.sid, ov.vid
      from orders o ${orderLinksJoinSql}
      where o.deleted_at is null and o.created_at >= ${range.start}::timestamptz
        and o.created_at < ${range.end}::timestamptz and ${notTestOrderSql}
    ),
    t as materialized (
      select o.id, lower(${sessionChannelSql('s')}) as channel, coalesce(lower(s.utm_source), '') as utm_source,
             coalesce(lower(s.utm_campaign), '') as utm_campaign
      from o join analytics_sessions s on ${touchSessionSql(windowHours, order)}
    ),
    n as (select o.id, count(t.id) as n from o left join t on t.id = o.id group by o.id),
    projected as (
      select distinct t.id, m.mask,
             case when m.mask & 1 <> 0 then t.channel else '' end as channel,
             case when m.mask & 2 <> 0 then t.utm_source else '' end as utm_source,
             case when m.mask & 4 <> 0 then t.utm_campaign else '' end as utm_campaign
      from t cross join generate_series(1, 7) as m(mask)
    )
    select p.mask, p.channel, p.utm_source, p.utm_campaign, count(*)::int as orders, sum(n.n)::int as touches
    from projected p join n on n.id = p.id
    group by 1, 2, 3, 4
    union all
    select 0, '', '', '', count(*)::int, 0 from n where n.n = 0 having count(*) > 0`;
}

/** The stored days' orders and touches that pass the filters (`journey_day_touch_filters`). */
async function storedTagFilters(
  db: ReportDb,
  days: readonly string[],
  query: TagFilters,
): Promise<{ orders: number; touches: number }> {
  if (!days.length) return { orders: 0, touches: 0 };
  const mask = (query.channel ? 1 : 0) | (query.source ? 2 : 0) | (query.campaign ? 4 : 0);
  const value = (filter: string | undefined) => (filter ? sql`lower(${filter})` : sql`''`);
  const untouched = !query.source && !query.campaign && query.channel?.toLowerCase() === 'direct';
  const [row] = await rowsOf<{ orders: number | string; touches: number | string }>(
    db,
    sql`select coalesce(sum(f.orders), 0) as orders, coalesce(sum(f.touches), 0) as touches
          from journey_day_touch_filters f
         where f.day = any(${arrayParam(days, 'date')})
           and ((f.mask = ${mask} and f.channel = ${value(query.channel)} and f.utm_source = ${value(query.source)}
                 and f.utm_campaign = ${value(query.campaign)})
                ${untouched ? sql`or f.mask = 0` : sql``})`,
  );
  return { orders: Number(row?.orders ?? 0), touches: Number(row?.touches ?? 0) };
}

export type TouchpointsService = ReturnType<typeof createTouchpointsService>;

/** Every order of the period with its path of touches (decision 068), newest first, keyset-paged. */
export function createTouchpointsService(deps: { db: ReportDb }) {
  const { db } = deps;

  async function summary(query: TouchpointsQuery, period: { from: string; to: string }) {
    const filtered = touchFilterSql(query) !== null;
    const { orders, touches } = await inSnapshot(db, async (tx) => {
      const { windowHours } = await readJourneyConfig(tx);
      // The valid stored days count (decision 096): their totals, or with filters their rows of the filters' values;
      // the other days from the raw rows.
      const days = await journeyDays(tx, period);
      if (filtered) {
        const live = await countTouchedOrders(tx, days.live, windowHours, query);
        const stored = await storedTagFilters(
          tx,
          days.stored.map((day) => day.day),
          query,
        );
        return { orders: live.orders + stored.orders, touches: live.touches + stored.touches };
      }
      const live = await countTouchedOrders(tx, days.live, windowHours);
      return days.stored.reduce(
        (sum, day) => ({ orders: sum.orders + day.liveOrders, touches: sum.touches + day.touches }),
        live,
      );
    });
    return {
      total: orders,
      averageTouches: orders > 0 ? Math.round((touches / orders) * 100) / 100 : null,
    };
  }

  async function page(query: TouchpointsQuery, windowHours: number, limit: number, cursor?: string) {
    const after = cursor ? parseKeysetCursor(cursor) : null;
    // The page's orders first, then the touches of those only.
    const rows = await rowsOf<Row>(
      db,
      sql`select o.id, o.number, o.created_at, o.is_paid, o.amount, t.touches
          from (
            select o.id, o.number, o.created_at, o.is_paid, o.amount, os.sid, ov.vid
            ${scopeSql(query, [rangeOf(query)], windowHours, false)}
            ${after ? sql`and (o.created_at, o.id) < (${after.date.toISOString()}::timestamptz, ${after.lastId}::uuid)` : sql``}
            order by o.created_at desc, o.id desc
            limit ${limit + 1}
          ) o
          ${touchesJoinSql(windowHours, { createdAt: sql`o.created_at`, sid: sql`o.sid`, vid: sql`o.vid` })}
          order by o.created_at desc, o.id desc`,
    );
    const items = rows.slice(0, limit).map(toTouchpointOrder);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > limit && last ? `${last.createdAt}|${last.orderId}` : null,
    };
  }

  return {
    async list(query: TouchpointsQuery): Promise<TouchpointsResponse> {
      const { windowHours } = await readJourneyConfig(db);
      const [current, totals, previous] = await Promise.all([
        page(query, windowHours, query.limit, query.cursor),
        summary(query, query),
        query.compare ? summary(query, previousPeriod(query.from, query.to)) : Promise.resolve(null),
      ]);
      return { ...current, ...totals, previous };
    },

    /** Every order of the filtered period (all pages), one line each, its path written out. */
    async *exportCsv(query: TouchpointsQuery): AsyncGenerator<string> {
      const { windowHours } = await readJourneyConfig(db);
      yield (
        '\uFEFF' +
        csvRow(['Заказ', 'Создан', 'Оплачен', 'Сумма, ₽', 'Касаний', 'Дней от первого касания', 'Путь'])
      );
      let cursor: string | undefined;
      do {
        const result = await page(query, windowHours, 500, cursor);
        for (const order of result.items)
          yield csvRow([
            order.number,
            order.createdAt,
            order.isPaid ? 'да' : 'нет',
            order.amount.toFixed(2),
            order.touches.length,
            order.days,
            order.touches
              .map((touch) => `${touch.channel} / ${touch.campaign ?? NO_DATA_LABEL} (${touch.at})`)
              .join(' → '),
          ]);
        cursor = result.nextCursor ?? undefined;
      } while (cursor);
    },
  };
}
