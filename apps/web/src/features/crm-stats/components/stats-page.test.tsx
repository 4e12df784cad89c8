import type { UnitEconomicsResponse } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatRub } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { StatsPage } from './stats-page';

/** jest-dom compares text with whitespace (the no-break spaces of amounts) collapsed. */
const rub = (amount: number) => formatRub(amount).replace(/\u00A0/g, ' ');

const REPORT: UnitEconomicsResponse = {
  period: { startDate: '2026-03-01', endDate: '2026-03-04' },
  includeInProgress: false,
  orders: 3,
  revenue: 12_500,
  refunds: 700,
  averageCheck: 4166.67,
  costs: 5_000.5,
  costBreakdown: {
    otherDocuments: 300.5,
    translators: 4_000,
    delivery: 500,
    partnerCommission: 100,
    paymentFees: 100,
  },
  grossProfit: 7_499.5,
  marginPercent: 60,
  rates: { translatorCostPercent: 40, paymentFeePercent: 3.5 },
  byDay: [
    { date: '2026-03-01', orders: 1, revenue: 2_500, refunds: 0, costs: 1_000, grossProfit: 1_500 },
    { date: '2026-03-02', orders: 0, revenue: 0, refunds: 0, costs: 0, grossProfit: 0 },
    { date: '2026-03-03', orders: 2, revenue: 10_000, refunds: 0, costs: 4_000.5, grossProfit: 5_999.5 },
    // A refund on a day without orders: the day's revenue goes below zero and the day is listed.
    { date: '2026-03-04', orders: 0, revenue: -700, refunds: 700, costs: 0, grossProfit: -700 },
  ],
  byDocument: [
    {
      key: 'a',
      name: 'Паспорт',
      orders: 3,
      quantity: 5,
      revenue: 10_000,
      costs: 4_000,
      grossProfit: 6_000,
      marginPercent: 60,
    },
  ],
  assumptions: ['Учтены только выполненные заказы (COMPLETED).'],
};
const EMPTY: UnitEconomicsResponse = {
  ...REPORT,
  includeInProgress: true,
  orders: 0,
  revenue: 0,
  refunds: 0,
  averageCheck: 0,
  costs: 0,
  grossProfit: 0,
  marginPercent: 0,
  costBreakdown: { otherDocuments: 0, translators: 0, delivery: 0, partnerCommission: 0, paymentFees: 0 },
  byDay: REPORT.byDay.map((day) => ({
    ...day,
    orders: 0,
    revenue: 0,
    refunds: 0,
    costs: 0,
    grossProfit: 0,
  })),
  byDocument: [],
};

describe('statistics page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('asks for the period of the URL and shows the KPIs, the cost parts and the tables', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      if (url.pathname !== '/api/admin/stats/unit-economics') return undefined;
      calls.push(url.searchParams);
      return url.searchParams.get('includeInProgress') === 'true' ? EMPTY : REPORT;
    });
    const path = '/crm/stats';
    const { router } = renderInCabinet(<StatsPage />, {
      routes: [{ path, element: <StatsPage /> }],
      path: `${path}?from=2026-03-01&to=2026-03-03`,
    });
    const orders = await screen.findByRole('group', { name: 'Заказы' }, { timeout: 5_000 });
    expect(orders).toHaveTextContent('3');
    expect(calls[0]!.get('startDate')).toBe('2026-03-01');
    expect(calls[0]!.get('endDate')).toBe('2026-03-03');
    expect(calls[0]!.get('includeInProgress')).toBe('false');
    expect(screen.getByRole('group', { name: 'Выручка' })).toHaveTextContent(rub(12_500));
    expect(screen.getByRole('group', { name: 'Возвраты' })).toHaveTextContent(rub(700));
    expect(screen.getByRole('group', { name: 'Средний чек' })).toHaveTextContent(rub(4166.67));
    expect(screen.getByRole('group', { name: 'Затраты' })).toHaveTextContent(rub(5_000.5));
    expect(screen.getByRole('group', { name: 'Маржа' })).toHaveTextContent(rub(7_499.5));
    expect(screen.getByRole('group', { name: 'Маржа, %' })).toHaveTextContent('60 %');
    expect(screen.getByText('Эквайринг')).toBeInTheDocument();

    // Days without orders are left out of the table; the footer carries the totals.
    const days = within(screen.getByRole('table', { name: 'Показатели по дням' }));
    expect(days.getByText('01.03.2026')).toBeInTheDocument();
    expect(days.queryByText('02.03.2026')).not.toBeInTheDocument();
    expect(days.getByText('Итого').closest('tr')).toHaveTextContent(rub(12_500));
    expect(days.getByText('Итого').closest('tr')).toHaveTextContent(rub(700));
    expect(days.getByText('04.03.2026').closest('tr')).toHaveTextContent(rub(700));
    const documents = within(screen.getByRole('table', { name: 'Показатели по типам документов' }));
    expect(documents.getByText('Паспорт').closest('tr')).toHaveTextContent(rub(6_000));

    fireEvent.click(screen.getByRole('checkbox', { name: /Учитывать заказы в работе/ }));
    await waitFor(() => expect(calls.at(-1)!.get('includeInProgress')).toBe('true'));
    expect(new URLSearchParams(router.state.location.search).get('inProgress')).toBe('1');
    expect(await screen.findByText('За выбранный период нет заказов для отчёта')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Показатели по дням' })).not.toBeInTheDocument();
  });

  it('applies a preset period to the URL and the request', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      calls.push(url.searchParams);
      return REPORT;
    });
    const path = '/crm/stats';
    const { router } = renderInCabinet(<StatsPage />, {
      routes: [{ path, element: <StatsPage /> }],
      path: `${path}?from=2020-01-01&to=2020-01-31`,
    });
    await screen.findByRole('group', { name: 'Заказы' }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Этот год' }));
    const year = String(new Date().getFullYear());
    await waitFor(() => expect(calls.at(-1)!.get('startDate')).toBe(`${year}-01-01`));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('from')).toBe(`${year}-01-01`);
    expect(screen.getByRole('button', { name: 'Этот год' })).toHaveAttribute('aria-pressed', 'true');
  });
});
