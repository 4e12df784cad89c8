import {
  buildUtmUrl,
  type MarketingCampaign,
  type MarketingCampaignFigures,
  type MarketingDashboardTotals,
  type MarketingUtmLink,
} from '@app/contracts';
import type { RawFigures } from './marketing-figures.ts';
import type { CampaignRow, SpendRow, UtmLinkRow } from './marketing.repository.ts';

const rub = (kopecks: number) => kopecks / 100;
/** a / b rounded to two decimals; null when b is 0. */
export const ratio = (a: number, b: number, times = 1) =>
  b === 0 ? null : Math.round(((a * times) / b) * 100) / 100;

export function toTraffic(figures: RawFigures) {
  return {
    sessions: figures.sessions,
    visitors: figures.visitors,
    orders: figures.orders,
    paidOrders: figures.paidOrders,
    revenue: rub(figures.revenueKopecks),
    margin: rub(figures.marginKopecks),
    conversion: ratio(figures.orders, figures.sessions, 100),
  };
}

export function toDashboardTotals(figures: RawFigures): MarketingDashboardTotals {
  return {
    ...toTraffic(figures),
    spend: rub(figures.spendKopecks),
    newCustomers: figures.newCustomers,
    cac: ratio(rub(figures.spendKopecks), figures.newCustomers),
    romi: ratio(figures.marginKopecks - figures.spendKopecks, figures.spendKopecks, 100),
  };
}

export function toCampaignFigures(figures: RawFigures): MarketingCampaignFigures {
  const spend = figures.spendKopecks;
  return {
    sessions: figures.sessions,
    visitors: figures.visitors,
    orders: figures.orders,
    paidOrders: figures.paidOrders,
    revenue: rub(figures.revenueKopecks),
    margin: rub(figures.marginKopecks),
    spend: rub(spend),
    newCustomers: figures.newCustomers,
    cpa: ratio(rub(spend), figures.orders),
    cac: ratio(rub(spend), figures.newCustomers),
    roas: ratio(figures.revenueKopecks, spend),
    romiRevenue: ratio(figures.revenueKopecks - spend, spend, 100),
    romiMargin: ratio(figures.marginKopecks - spend, spend, 100),
  };
}

export function toCampaign(row: CampaignRow, spend: SpendRow[]): MarketingCampaign {
  return {
    id: row.id,
    name: row.name,
    utmCampaign: row.utmCampaign,
    utmSource: row.utmSource,
    channel: row.channel,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    spend: spend.map((item) => ({
      id: item.id,
      periodStart: item.periodStart,
      periodEnd: item.periodEnd,
      amount: rub(item.amountKopecks),
      note: item.note,
      createdAt: item.createdAt.toISOString(),
    })),
  };
}

export function toUtmLink(row: UtmLinkRow, figures: RawFigures): MarketingUtmLink {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    url: buildUtmUrl(row),
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    utmContent: row.utmContent,
    utmTerm: row.utmTerm,
    createdAt: row.createdAt.toISOString(),
    sessions: figures.sessions,
    orders: figures.orders,
    paidOrders: figures.paidOrders,
    revenue: rub(figures.revenueKopecks),
  };
}
