import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderStatus, UnitEconomicsQuery, UnitEconomicsResponse } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  documentTypes,
  orderLineStatsDaily,
  orderStatsDaily,
  orders,
  refunds,
} from '../../db/schema/index.ts';

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * Statuses whose orders always count as revenue: the work is done. Only paid orders are in the rollups at all
 * (decision 043): revenue counts what was paid.
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['COMPLETED'];
/** Paid orders still being worked on; counted only when the report asks for `includeInProgress`. */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = ['PAID', 'IN_PROGRESS', 'READY', 'DELIVERING'];

/**
 * Translators are paid a share of the document lines (the price list before the promo discount), 40 %.
 * One explicit rule instead of per-translator rates, which the product does not record; change it here.
 */
export const TRANSLATOR_COST_PERCENT = 40;

/**
 * Acquiring fee on orders paid online (the rollup's paid amount leaves out payments staff recorded as made
 * outside the system, decision 043): YooKassa's standard card rate. Invoices paid by bank transfer carry no fee. Change it here when the contract rate changes.
 */
export const PAYMENT_FEE_PERCENT = 3.5;

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
     * list's dateFrom/dateTo, so the two reconcile), read from the daily rollups the database keeps (decision 016).
     */
    async unitEconomics(query: UnitEconomicsQuery): Promise<UnitEconomicsResponse> {
      const statuses = query.includeInProgress
        ? [...REVENUE_STATUSES, ...IN_PROGRESS_STATUSES]
        : [...REVENUE_STATUSES];
      const translatorRate = sql`${TRANSLATOR_COST_PERCENT}::numeric`;
      const feeRate = sql`${PAYMENT_FEE_PERCENT}::numeric`;
      const inOrderPeriod = and(
        inArray(orderStatsDaily.status, statuses),
        between(orderStatsDaily.day, query.startDate, query.endDate),
      );
      const inLinePeriod = and(
        inArray(orderLineStatsDaily.status, statuses),
        between(orderLineStatsDaily.day, query.startDate, query.endDate),
      );

      // The daily rollups (decision 016) hold plain sums per Moscow day of creation — a year is a few thousand
      // rows. The partner commission is summed there from each order's own rate (fixed when the order was placed,
      // decision 044); the other rates apply here: the payment fee per day, the translators per day and document
      // type. Each is rounded to the kopeck once per day, so the days and the document types add up to the
      // totals exactly.
      const [orderRows, lineRows, refundRows] = await Promise.all([
        db
          .select({
            date: orderStatsDaily.day,
            orders: sql<number>`sum(${orderStatsDaily.orders})::int`,
            revenue: sql<string>`(sum(${orderStatsDaily.amount}) * 100)::text`,
            otherDocuments: sql<string>`(sum(${orderStatsDaily.otherCost}) * 100)::text`,
            delivery: sql<string>`(sum(${orderStatsDaily.deliveryPrice}) * 100)::text`,
            partnerCommission: sql<string>`round(sum(${orderStatsDaily.partnerCommission}) * 100)::text`,
            // rubles × percent = kopecks
            paymentFees: sql<string>`round(sum(${orderStatsDaily.paidAmount}) * ${feeRate})::text`,
          })
          .from(orderStatsDaily)
          .where(inOrderPeriod)
          .groupBy(orderStatsDaily.day),
        db
          .select({
            date: orderLineStatsDaily.day,
            key: orderLineStatsDaily.documentKey,
            name: sql<string>`coalesce(max(${documentTypes.name}), ${orderLineStatsDaily.documentKey})`,
            orders: sql<number>`sum(${orderLineStatsDaily.lines})::int`,
            quantity: sql<number>`sum(${orderLineStatsDaily.quantity})::int`,
            revenue: sql<string>`(sum(${orderLineStatsDaily.total}) * 100)::text`,
            translators: sql<string>`round(sum(${orderLineStatsDaily.total}) * ${translatorRate})::text`,
          })
          .from(orderLineStatsDaily)
          .leftJoin(documentTypes, sql`${documentTypes.id}::text = ${orderLineStatsDaily.documentKey}`)
          .where(inLinePeriod)
          .groupBy(orderLineStatsDaily.day, orderLineStatsDaily.documentKey)
          .having(sql`sum(${orderLineStatsDaily.lines}) <> 0`),
        // Refunds (decision 046) count on the day the money went back, for orders the report counts (live,
        // paid, in its statuses): a cancelled order's revenue and its refunds both stay out.
        db
          .select({
            date: sql<string>`${refunds.refundedOn}`,
            refunds: sql<string>`sum(${refunds.amountKopecks})::text`,
          })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(
            and(
              eq(refunds.status, 'succeeded'),
              between(refunds.refundedOn, query.startDate, query.endDate),
              inArray(orders.status, statuses),
              eq(orders.isPaid, true),
              isNull(orders.deletedAt),
            ),
          )
          .groupBy(refunds.refundedOn),
      ]);
      const refundsByDay = new Map(refundRows.map((row) => [row.date, kopecks(row.refunds)]));

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
        const dayRefunds = refundsByDay.get(date) ?? 0;
        const revenue = (row?.revenue ?? 0) - dayRefunds;
        const costs = row?.costs ?? 0;
        byDay.push({
          date,
          orders: row?.orders ?? 0,
          revenue: toRubles(revenue),
          refunds: toRubles(dayRefunds),
          costs: toRubles(costs),
          grossProfit: toRubles(revenue - costs),
        });
      }

      const sum = (pick: (row: (typeof days)[number]) => number) =>
        days.reduce((total, row) => total + pick(row), 0);
      const orderCount = sum((row) => row.orders);
      const orderRevenue = sum((row) => row.revenue);
      const refunded = [...refundsByDay.values()].reduce((total, value) => total + value, 0);
      const revenue = orderRevenue - refunded;
      const costs = sum((row) => row.costs);
      const grossProfit = revenue - costs;

      return {
        period: { startDate: query.startDate, endDate: query.endDate },
        includeInProgress: query.includeInProgress,
        orders: orderCount,
        revenue: toRubles(revenue),
        refunds: toRubles(refunded),
        // The average order amount: refunds are not part of a check.
        averageCheck: orderCount > 0 ? toRubles(Math.round(orderRevenue / orderCount)) : 0,
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
          'Выручка — итоговая сумма заказа после скидки, включая доставку, минус возвраты.',
          'Возвраты — в день, когда деньги вернули клиенту, по заказам, которые учтены в отчёте; комиссия эквайринга и партнёра при возврате не пересчитывается.',
          `Переводчики — ${TRANSLATOR_COST_PERCENT} % от стоимости документов по прайсу; «другие документы» — наши затраты на документы у подрядчиков (их цена для клиента уже входит в сумму заказа).`,
          'Доставка — по цене, которую заплатил клиент (передаётся службе доставки).',
          'Комиссия партнёра — процент от суммы заказа с выдачей в его пункте, действовавший при оформлении заказа (изменение ставки касается только новых заказов).',
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
