import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, UnitEconomicsQuery, UnitEconomicsResponse } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { documentTypes, orderLines, orders, partners, points } from '../../db/schema/index.ts';

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

/**
 * Acquiring fee on orders paid online (`isPaid` is set only by the payment provider): YooKassa's standard card
 * rate. Invoices paid by bank transfer carry no fee. Change it here when the contract rate changes.
 */
export const PAYMENT_FEE_PERCENT = 3.5;

/** Moscow midnight of an ISO date, plus some days (Moscow has no daylight saving time since 2014). */
const moscowMidnight = (isoDate: string, plusDays = 0) => {
  const date = new Date(`${isoDate}T00:00:00+03:00`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
};

/** SQL sums arrive as numeric text; every money figure below is whole kopecks (no floating-point drift). */
const kopecks = (value: string | number | null | undefined) => Math.round(Number(value ?? 0));
const toRubles = (value: number) => value / 100;
const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;

export function createStatsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * Unit economics of orders created in the period (Moscow days, inclusive; the same dates as the order
     * list's dateFrom/dateTo, so the two reconcile). All grouping happens in the database; each cost is
     * rounded per order (translators: per line), so the days and the document types add up to the totals exactly.
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
      const translatorRate = sql`${TRANSLATOR_COST_PERCENT}::numeric`;
      const feeRate = sql`${PAYMENT_FEE_PERCENT}::numeric`;
      // The Moscow calendar day of an order (UTC+3, the offset of the period bounds above), as one row of the
      // period's day series: joining the series gives the planner ~365 groups instead of one per order, so it
      // aggregates in parallel workers, in memory, instead of sorting half a million rows (decision 012).
      // 'Etc/GMT-3' is UTC+3 (POSIX names invert the sign): the same fixed offset as moscowMidnight, so every
      // counted order finds its day in the series; for Moscow it equals 'Europe/Moscow' since 2014.
      const periodDays = sql`generate_series(${moscowMidnight(query.startDate).toISOString()}::timestamptz, ${moscowMidnight(query.endDate).toISOString()}::timestamptz, interval '24 hours') as period_day(day)`;
      const periodDay = sql`period_day.day`;
      const onPeriodDay = sql`${periodDay} = date_trunc('day', ${orders.createdAt}, 'Etc/GMT-3')`;
      const day = sql<string>`to_char(${periodDay} at time zone 'Etc/GMT-3', 'YYYY-MM-DD')`;
      const pointCommissions = db
        .select({ pointId: sql`${points.id}`.as('point_id'), commission: partners.commission })
        .from(points)
        .innerJoin(partners, eq(partners.id, points.partnerId))
        .as('point_commission');

      // Two passes over the period, concurrently on two connections: orders by day, and document lines by day
      // and document type. An order lies on one day only, so the line groups add up to both the days and the
      // document types. Each runs in its own transaction with planner settings for this report only: hash
      // joins and aggregation in memory, joins in the written order (index-only scans, then the day series).
      const reportSettings = sql`select set_config('work_mem', '64MB', true), set_config('enable_mergejoin', 'off', true), set_config('join_collapse_limit', '1', true)`;
      const [orderRows, lineRows] = await Promise.all([
        db.transaction(async (tx) => {
          await tx.execute(reportSettings);
          return tx
            .select({
              date: day,
              orders: sql<number>`count(*)::int`,
              revenue: sql<string>`(sum(${orders.amount}) * 100)::text`,
              otherDocuments: sql<string>`(coalesce(sum(${orders.otherCost}), 0) * 100)::text`,
              delivery: sql<string>`(sum(${orders.deliveryPrice}) * 100)::text`,
              // rubles × percent = kopecks; one rounding per order
              partnerCommission: sql<string>`coalesce(sum(round(${orders.amount} * ${pointCommissions.commission})), 0)::text`,
              paymentFees: sql<string>`coalesce(sum(round(${orders.amount} * ${feeRate})) filter (where ${orders.isPaid}), 0)::text`,
            })
            .from(orders)
            .leftJoin(pointCommissions, eq(pointCommissions.pointId, orders.pickupPointId))
            .innerJoin(periodDays, onPeriodDay)
            .where(and(...counted))
            .groupBy(periodDay);
        }),
        db.transaction(async (tx) => {
          await tx.execute(reportSettings);
          // Lines grouped by the raw columns first (cheap to hash), document names joined to the few groups.
          const lines = tx
            .select({
              day: sql<Date>`${periodDay}`.as('day'),
              refId: orderLines.refId,
              name: orderLines.name,
              // A document appears once per order (the contract refuses duplicates): lines = orders.
              orders: sql<number>`count(*)`.as('orders'),
              quantity: sql<number>`sum(${orderLines.quantity})`.as('quantity'),
              total: sql<string>`sum(${orderLines.total})`.as('total'),
              // one rounding per line
              translators: sql<string>`sum(round(${orderLines.total} * ${translatorRate}))`.as('translators'),
            })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .innerJoin(periodDays, onPeriodDay)
            .where(and(eq(orderLines.kind, 'document'), ...counted))
            .groupBy(periodDay, orderLines.refId, orderLines.name)
            .as('lines');
          const documentKey = sql<string>`coalesce(${lines.refId}::text, ${lines.name})`;
          return tx
            .select({
              date: sql<string>`to_char(${lines.day} at time zone 'Etc/GMT-3', 'YYYY-MM-DD')`,
              key: documentKey,
              name: sql<string>`coalesce(max(${documentTypes.name}), max(${lines.name}))`,
              orders: sql<number>`sum(${lines.orders})::int`,
              quantity: sql<number>`sum(${lines.quantity})::int`,
              revenue: sql<string>`(sum(${lines.total}) * 100)::text`,
              translators: sql<string>`sum(${lines.translators})::text`,
            })
            .from(lines)
            .leftJoin(documentTypes, eq(documentTypes.id, lines.refId))
            .groupBy(lines.day, documentKey);
        }),
      ]);

      const translatorsByDay = new Map<string, number>();
      const documents = new Map<
        string,
        { key: string; name: string; orders: number; quantity: number; revenue: number; costs: number }
      >();
      for (const row of lineRows) {
        const translators = kopecks(row.translators);
        translatorsByDay.set(row.date, (translatorsByDay.get(row.date) ?? 0) + translators);
        const document = documents.get(row.key) ?? {
          key: row.key,
          name: row.name,
          orders: 0,
          quantity: 0,
          revenue: 0,
          costs: 0,
        };
        document.orders += row.orders;
        document.quantity += row.quantity;
        document.revenue += kopecks(row.revenue);
        document.costs += translators;
        documents.set(row.key, document);
      }

      const days = orderRows.map((row) => {
        const parts = {
          otherDocuments: kopecks(row.otherDocuments),
          translators: translatorsByDay.get(row.date) ?? 0,
          delivery: kopecks(row.delivery),
          partnerCommission: kopecks(row.partnerCommission),
          paymentFees: kopecks(row.paymentFees),
        };
        const costs = Object.values(parts).reduce((total, value) => total + value, 0);
        return { date: row.date, orders: row.orders, revenue: kopecks(row.revenue), costs, parts };
      });
      const byDayMap = new Map(days.map((row) => [row.date, row]));
      const byDay: UnitEconomicsResponse['byDay'] = [];
      for (let date = query.startDate; date <= query.endDate; date = nextDate(date)) {
        const row = byDayMap.get(date);
        const revenue = row?.revenue ?? 0;
        const costs = row?.costs ?? 0;
        byDay.push({
          date,
          orders: row?.orders ?? 0,
          revenue: toRubles(revenue),
          costs: toRubles(costs),
          grossProfit: toRubles(revenue - costs),
        });
      }

      const sum = (pick: (row: (typeof days)[number]) => number) =>
        days.reduce((total, row) => total + pick(row), 0);
      const orderCount = sum((row) => row.orders);
      const revenue = sum((row) => row.revenue);
      const costs = sum((row) => row.costs);
      const grossProfit = revenue - costs;

      return {
        period: { startDate: query.startDate, endDate: query.endDate },
        includeInProgress: query.includeInProgress,
        orders: orderCount,
        revenue: toRubles(revenue),
        averageCheck: orderCount > 0 ? toRubles(Math.round(revenue / orderCount)) : 0,
        costs: toRubles(costs),
        costBreakdown: {
          otherDocuments: toRubles(sum((row) => row.parts.otherDocuments)),
          translators: toRubles(sum((row) => row.parts.translators)),
          delivery: toRubles(sum((row) => row.parts.delivery)),
          partnerCommission: toRubles(sum((row) => row.parts.partnerCommission)),
          paymentFees: toRubles(sum((row) => row.parts.paymentFees)),
        },
        grossProfit: toRubles(grossProfit),
        marginPercent: percentOf(grossProfit, revenue),
        rates: { translatorCostPercent: TRANSLATOR_COST_PERCENT, paymentFeePercent: PAYMENT_FEE_PERCENT },
        byDay,
        byDocument: [...documents.values()]
          .sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key))
          .map((row) => ({
            key: row.key,
            name: row.name,
            orders: row.orders,
            quantity: row.quantity,
            revenue: toRubles(row.revenue),
            costs: toRubles(row.costs),
            grossProfit: toRubles(row.revenue - row.costs),
            marginPercent: percentOf(row.revenue - row.costs, row.revenue),
          })),
        assumptions: [
          'Период — дни по московскому времени включительно, по дате создания заказа (как фильтр списка заказов).',
          query.includeInProgress
            ? 'Учтены выполненные заказы и заказы в работе (PAID, IN_PROGRESS, READY, DELIVERING).'
            : 'Учтены только выполненные заказы (COMPLETED).',
          'Новые (неоплаченные), отменённые и удалённые заказы не учитываются.',
          'Выручка — итоговая сумма заказа после скидки, включая доставку.',
          `Переводчики — ${TRANSLATOR_COST_PERCENT} % от стоимости документов по прайсу; «другие документы» — по указанной себестоимости.`,
          'Доставка — по цене, которую заплатил клиент (передаётся службе доставки).',
          'Комиссия партнёра — его текущий процент от суммы заказа с выдачей в его пункте.',
          `Эквайринг — ${String(PAYMENT_FEE_PERCENT).replace('.', ',')} % от суммы заказов, оплаченных онлайн; оплата по счёту без комиссии.`,
          'По типам документов — выручка строк документов по прайсу минус оплата переводчиков; прочие затраты заказа на документы не распределяются.',
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
