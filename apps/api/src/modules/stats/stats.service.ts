import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, UnitEconomicsQuery, UnitEconomicsResponse } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema/index.ts';

export type StatsService = ReturnType<typeof createStatsService>;

/** Statuses whose orders always count as revenue: the work is done and paid for. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['COMPLETED'];
/** Paid orders still being worked on; counted only when the report asks for `includeInProgress`. */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = ['PAID', 'IN_PROGRESS', 'READY', 'DELIVERING'];
/**
 * Translators are paid a share of the document lines (the price list before the promo discount), 40 %.
 * One explicit rule instead of per-translator rates, which the product does not record; change it here.
 */
export const TRANSLATOR_COST_PERCENT = 40;

/** Moscow midnight of an ISO date, plus some days (Moscow has no daylight saving time since 2014). */
const moscowMidnight = (isoDate: string, plusDays = 0) => {
  const date = new Date(`${isoDate}T00:00:00+03:00`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
};

const toKopecks = (value: string | number | null) => Math.round(Number(value ?? 0) * 100);
const toRubles = (kopecks: number) => kopecks / 100;

export function createStatsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * Unit economics of orders created in the period (Moscow days, inclusive; the same dates as the order
     * list's dateFrom/dateTo, so the two reconcile). All grouping happens in the database.
     */
    async unitEconomics(query: UnitEconomicsQuery): Promise<UnitEconomicsResponse> {
      const statuses = query.includeInProgress
        ? [...REVENUE_STATUSES, ...IN_PROGRESS_STATUSES]
        : [...REVENUE_STATUSES];
      const counted: SQL[] = [
        isNull(orders.deletedAt),
        inArray(orders.status, statuses),
        gte(orders.createdAt, moscowMidnight(query.startDate)),
        lt(orders.createdAt, moscowMidnight(query.endDate, 1)),
      ];
      // The Moscow calendar day of an order (UTC+3 all year).
      const day = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`;
      const documentRevenue = sql<string>`sum(${orderLines.total})::text`;

      const [dayRows, documentRows] = await Promise.all([
        db
          .select({
            date: day,
            orders: sql<number>`count(*)::int`,
            revenue: sql<string>`sum(${orders.amount})::text`,
            otherCost: sql<string>`coalesce(sum(${orders.otherCost}), 0)::text`,
          })
          .from(orders)
          .where(and(...counted))
          .groupBy(sql`1`)
          .orderBy(sql`1`),
        db
          .select({
            name: orderLines.name,
            quantity: sql<number>`sum(${orderLines.quantity})::int`,
            revenue: documentRevenue,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orderLines.kind, 'document'), ...counted))
          .groupBy(orderLines.name)
          .orderBy(desc(sql`sum(${orderLines.total})`), asc(orderLines.name)),
      ]);

      // Sums in integer kopecks: no floating-point drift in the totals.
      const byDayMap = new Map(dayRows.map((row) => [row.date, row]));
      const byDay: UnitEconomicsResponse['byDay'] = [];
      for (let date = query.startDate; date <= query.endDate; date = nextDate(date)) {
        const row = byDayMap.get(date);
        byDay.push({ date, orders: row?.orders ?? 0, revenue: toRubles(toKopecks(row?.revenue ?? 0)) });
      }
      const orderCount = dayRows.reduce((total, row) => total + row.orders, 0);
      const revenue = dayRows.reduce((total, row) => total + toKopecks(row.revenue), 0);
      const otherDocuments = dayRows.reduce((total, row) => total + toKopecks(row.otherCost), 0);
      const documentLines = documentRows.reduce((total, row) => total + toKopecks(row.revenue), 0);
      const translators = Math.round((documentLines * TRANSLATOR_COST_PERCENT) / 100);
      const costs = otherDocuments + translators;
      const grossProfit = revenue - costs;

      return {
        period: { startDate: query.startDate, endDate: query.endDate },
        includeInProgress: query.includeInProgress,
        orders: orderCount,
        revenue: toRubles(revenue),
        averageCheck: orderCount > 0 ? toRubles(Math.round(revenue / orderCount)) : 0,
        costs: toRubles(costs),
        costBreakdown: { otherDocuments: toRubles(otherDocuments), translators: toRubles(translators) },
        grossProfit: toRubles(grossProfit),
        marginPercent: revenue > 0 ? Math.round((grossProfit / revenue) * 10_000) / 100 : 0,
        byDay,
        byDocument: documentRows.map((row) => ({
          name: row.name,
          quantity: row.quantity,
          revenue: toRubles(toKopecks(row.revenue)),
        })),
        assumptions: [
          'Период — дни по московскому времени включительно, по дате создания заказа (как фильтр списка заказов).',
          query.includeInProgress
            ? 'Учтены выполненные заказы и оплаченные заказы в работе (PAID, IN_PROGRESS, READY, DELIVERING).'
            : 'Учтены только выполненные заказы (COMPLETED).',
          'Новые (неоплаченные), отменённые и удалённые заказы не учитываются.',
          'Выручка — итоговая сумма заказа после скидки, включая доставку.',
          `Затраты — себестоимость «других документов» плюс ${TRANSLATOR_COST_PERCENT} % от стоимости документов по прайсу (оплата переводчиков).`,
          'Доставка, комиссии партнёров и эквайринга в затраты не включены.',
        ],
      };
    },
  };
}

function nextDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
