import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  moscowDayStart,
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  type PartnerAnalyticsQuery,
  type PartnerAnalyticsResponse,
  type PartnerType,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  orderAttributions,
  orders,
  partnerAccounts,
  partnerClicks,
  partnerCommissions,
  refunds,
} from '../../db/schema/index.ts';
import { csvRow } from '../../lib/csv.ts';

type Figures = { clicks: number; orders: number; revenueKopecks: number; commissionKopecks: number };
const EMPTY: Figures = { clicks: 0, orders: 0, revenueKopecks: 0, commissionKopecks: 0 };

function toFigures(value: Figures) {
  return {
    clicks: value.clicks,
    orders: value.orders,
    revenue: value.revenueKopecks / 100,
    commission: value.commissionKopecks / 100,
    margin: (value.revenueKopecks - value.commissionKopecks) / 100,
    conversion: value.clicks > 0 ? Math.round((value.orders / value.clicks) * 10_000) / 100 : null,
  };
}

function add(a: Figures, b: Figures): Figures {
  return {
    clicks: a.clicks + b.clicks,
    orders: a.orders + b.orders,
    revenueKopecks: a.revenueKopecks + b.revenueKopecks,
    commissionKopecks: a.commissionKopecks + b.commissionKopecks,
  };
}

export type PartnerAnalyticsService = ReturnType<typeof createPartnerAnalyticsService>;

/**
 * CRM partner analytics (decision 063), read straight from the programme's tables. The period is Moscow days;
 * clicks count by their time, orders by when they were attributed, and an order's revenue (paid, net of succeeded
 * refunds) and commission (its ORDER and CLAWBACK rows; a reversed one is 0) belong to the order's cohort.
 * Staff adjustments are not tied to orders and are left out.
 */
export function createPartnerAnalyticsService(deps: { db: Db }) {
  const { db } = deps;

  async function report(query: PartnerAnalyticsQuery): Promise<PartnerAnalyticsResponse> {
    const from = moscowDayStart(query.from);
    const to = moscowDayStart(query.to, 1);
    const attributedInPeriod = and(
      gte(orderAttributions.createdAt, from),
      lt(orderAttributions.createdAt, to),
    );
    const [partners, clicks, attributed, refunded, commissions] = await Promise.all([
      db
        .select({ id: partnerAccounts.id, name: partnerAccounts.name, type: partnerAccounts.type })
        .from(partnerAccounts)
        .orderBy(asc(partnerAccounts.name)),
      db
        .select({ id: partnerClicks.partnerAccountId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(partnerClicks)
        .where(and(gte(partnerClicks.clickedAt, from), lt(partnerClicks.clickedAt, to)))
        .groupBy(partnerClicks.partnerAccountId),
      db
        .select({
          id: orderAttributions.partnerAccountId,
          n: sql<number>`count(*)`.mapWith(Number),
          paid: sql<number>`coalesce(sum(case when ${orders.isPaid} then round(${orders.amount} * 100) else 0 end), 0)`.mapWith(
            Number,
          ),
        })
        .from(orderAttributions)
        .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
        .where(attributedInPeriod)
        .groupBy(orderAttributions.partnerAccountId),
      db
        .select({
          id: orderAttributions.partnerAccountId,
          kopecks: sql<number>`coalesce(sum(${refunds.amountKopecks}), 0)`.mapWith(Number),
        })
        .from(refunds)
        .innerJoin(orderAttributions, eq(orderAttributions.orderId, refunds.orderId))
        .where(and(attributedInPeriod, eq(refunds.status, 'succeeded')))
        .groupBy(orderAttributions.partnerAccountId),
      db
        .select({
          id: orderAttributions.partnerAccountId,
          kopecks: sql<number>`coalesce(sum(${partnerCommissions.amountKopecks}), 0)`.mapWith(Number),
        })
        .from(partnerCommissions)
        .innerJoin(orderAttributions, eq(orderAttributions.orderId, partnerCommissions.orderId))
        .where(attributedInPeriod)
        .groupBy(orderAttributions.partnerAccountId),
    ]);
    const clickMap = new Map(clicks.map((row) => [row.id, row.n]));
    const orderMap = new Map(attributed.map((row) => [row.id, row]));
    const refundMap = new Map(refunded.map((row) => [row.id, row.kopecks]));
    const commissionMap = new Map(commissions.map((row) => [row.id, row.kopecks]));

    const typeTotals = new Map<PartnerType, Figures>(PARTNER_TYPES.map((type) => [type, EMPTY]));
    let totals = EMPTY;
    const partnerRows = partners.map((partner) => {
      const figures: Figures = {
        clicks: clickMap.get(partner.id) ?? 0,
        orders: orderMap.get(partner.id)?.n ?? 0,
        revenueKopecks: (orderMap.get(partner.id)?.paid ?? 0) - (refundMap.get(partner.id) ?? 0),
        commissionKopecks: commissionMap.get(partner.id) ?? 0,
      };
      typeTotals.set(partner.type, add(typeTotals.get(partner.type) ?? EMPTY, figures));
      totals = add(totals, figures);
      return { partnerId: partner.id, name: partner.name, type: partner.type, ...toFigures(figures) };
    });
    return {
      partners: partnerRows,
      byType: PARTNER_TYPES.map((type) => ({ type, ...toFigures(typeTotals.get(type) ?? EMPTY) })),
      totals: toFigures(totals),
    };
  }

  return {
    report,
    async *exportCsv(query: PartnerAnalyticsQuery): AsyncGenerator<string> {
      const result = await report(query);
      // A byte order mark: Excel then reads the Russian headers as UTF-8.
      yield (
        '\uFEFF' +
        csvRow([
          'Партнёр',
          'Тип',
          'Клики',
          'Заказы',
          'Выручка, ₽',
          'Комиссия, ₽',
          'Маржа после комиссии, ₽',
          'Конверсия, %',
        ])
      );
      for (const row of result.partners) {
        yield csvRow([
          row.name,
          PARTNER_TYPE_LABELS[row.type],
          row.clicks,
          row.orders,
          row.revenue.toFixed(2),
          row.commission.toFixed(2),
          row.margin.toFixed(2),
          row.conversion ?? '',
        ]);
      }
    },
  };
}
