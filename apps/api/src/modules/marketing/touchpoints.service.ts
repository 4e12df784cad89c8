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
import {
  notTestOrderSql,
  orderLinksJoinSql,
  parseTouches,
  periodBounds,
  readJourneyConfig,
  rowsOf,
  sessionChannelSql,
  touchCountJoinSql,
  touchesJoinSql,
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
 * Whether an order passes the filters, on its touch count `tc` (`touchCountJoinSql` with `touchMatchSql`): a touch
 * matches them; an order without touches is one «direct» touch without source or campaign. Null without filters.
 */
function touchFilterSql(query: TouchpointsQuery): SQL | null {
  if (!query.channel && !query.source && !query.campaign) return null;
  const noTouchMatches = !query.source && !query.campaign && query.channel?.toLowerCase() === 'direct';
  return sql`(case when tc.n = 0 then ${noTouchMatches} else tc.matches end)`;
}

/** A touch's session `s` matches the filters (case-insensitive; the touch's channel, source and campaign). */
function touchMatchSql(query: TouchpointsQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.channel) conditions.push(sql`lower(${sessionChannelSql('s')}) = lower(${query.channel})`);
  if (query.source) conditions.push(sql`lower(s.utm_source) = lower(${query.source})`);
  if (query.campaign) conditions.push(sql`lower(s.utm_campaign) = lower(${query.campaign})`);
  return sql.join(conditions, sql` and `);
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

export type TouchpointsService = ReturnType<typeof createTouchpointsService>;

/** Every order of the period with its path of touches (decision 068), newest first, keyset-paged. */
export function createTouchpointsService(deps: { db: ReportDb }) {
  const { db } = deps;

  /**
   * The live orders of the period that pass the filters, with their session and visitor (`os`, `ov`) and, when
   * `counted` or filtered, their touch count (`tc`). Counting and filtering need no touches built (decision 085).
   */
  const scopeSql = (
    query: TouchpointsQuery,
    period: { from: string; to: string },
    windowHours: number,
    counted: boolean,
  ) => {
    const { start, end } = periodBounds(period);
    const filter = touchFilterSql(query);
    return sql`from orders o ${orderLinksJoinSql}
               ${counted || filter ? touchCountJoinSql(windowHours, touchMatchSql(query)) : sql``}
               where o.deleted_at is null
                 and o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz
                 and ${notTestOrderSql} and ${filter ?? sql`true`}`;
  };

  async function summary(query: TouchpointsQuery, period: { from: string; to: string }, windowHours: number) {
    const [row] = await rowsOf<{ total: number | string; average: number | string | null }>(
      db,
      sql`select count(*) as total, avg(tc.n) as average ${scopeSql(query, period, windowHours, true)}`,
    );
    const average = row?.average === null || row?.average === undefined ? null : Number(row.average);
    return {
      total: Number(row?.total ?? 0),
      averageTouches: average === null ? null : Math.round(average * 100) / 100,
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
            ${scopeSql(query, query, windowHours, false)}
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
        summary(query, query, windowHours),
        query.compare
          ? summary(query, previousPeriod(query.from, query.to), windowHours)
          : Promise.resolve(null),
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
