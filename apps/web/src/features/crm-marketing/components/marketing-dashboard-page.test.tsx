import type { MarketingDashboardResponse } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatRub } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { MarketingDashboardPage } from './marketing-dashboard-page';

/** jest-dom compares text with whitespace (the no-break spaces of amounts) collapsed. */
const rub = (amount: number) => formatRub(amount).replace(/\u00A0/g, ' ');

const totals = {
  sessions: 200,
  visitors: 150,
  orders: 10,
  paidOrders: 8,
  revenue: 40_000,
  margin: 15_000,
  conversion: 5,
  spend: 5_000,
  newCustomers: 4,
  cac: 1_250,
  romi: 200,
};
const REPORT: MarketingDashboardResponse = {
  period: { from: '2031-05-01', to: '2031-05-02' },
  totals,
  previous: {
    period: { from: '2031-04-29', to: '2031-04-30' },
    totals: { ...totals, sessions: 100, revenue: 50_000, cac: 2_500 },
  },
  byChannel: [
    { ...totals, channel: 'paid', sessions: 120, revenue: 30_000 },
    { ...totals, channel: '', sessions: 80, revenue: 10_000, spend: 0, cac: null, romi: null },
  ],
  byDay: [
    { date: '2031-05-01', sessions: 100, visitors: 80, orders: 5, revenue: 20_000, margin: 7_000 },
    { date: '2031-05-02', sessions: 100, visitors: 70, orders: 5, revenue: 20_000, margin: 8_000 },
  ],
};
const EMPTY: MarketingDashboardResponse = {
  period: REPORT.period,
  totals: {
    ...totals,
    sessions: 0,
    visitors: 0,
    orders: 0,
    paidOrders: 0,
    revenue: 0,
    margin: 0,
    conversion: null,
    spend: 0,
    newCustomers: 0,
    cac: null,
    romi: null,
  },
  previous: null,
  byChannel: [],
  byDay: REPORT.byDay.map((day) => ({ ...day, sessions: 0, visitors: 0, orders: 0, revenue: 0, margin: 0 })),
};

describe('marketing dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
  });

  it('asks for the filters of the URL, shows the KPIs with their change and a sortable channel table', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      if (url.pathname !== '/api/marketing/reports/dashboard') return undefined;
      calls.push(url.searchParams);
      return REPORT;
    });
    const path = '/crm/marketing';
    renderInCabinet(<MarketingDashboardPage />, {
      routes: [{ path, element: <MarketingDashboardPage /> }],
      path: `${path}?from=2031-05-01&to=2031-05-02&channel=paid&compare=true`,
    });
    const sessions = await screen.findByRole('group', { name: 'Сессии' }, { timeout: 5_000 });
    expect(calls[0]!.get('from')).toBe('2031-05-01');
    expect(calls[0]!.get('to')).toBe('2031-05-02');
    expect(calls[0]!.get('channel')).toBe('paid');
    expect(calls[0]!.get('compare')).toBe('true');
    expect(sessions).toHaveTextContent('200');
    expect(sessions).toHaveTextContent('+100 % к прошлому периоду');
    expect(screen.getByRole('group', { name: 'Оплаченная выручка' })).toHaveTextContent(
      '−20 % к прошлому периоду',
    );
    // CAC fell by half: better, said in words too.
    expect(screen.getByRole('group', { name: 'CAC' })).toHaveTextContent(rub(1_250));
    expect(screen.getByRole('group', { name: 'CAC' })).toHaveTextContent('−50 %');
    expect(screen.getByRole('group', { name: 'ROMI' })).toHaveTextContent('200 %');
    expect(screen.getByRole('group', { name: 'Конверсия' })).toHaveTextContent('5 %');
    // Two days: visitors are exact, no note (decision 088).
    expect(screen.queryByTestId('visitors-by-day-note')).toBeNull();

    const table = within(screen.getByTestId('marketing-channels-table'));
    const firstCells = () =>
      table
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => row.querySelector('td')!.textContent);
    expect(firstCells()).toEqual(['paid', '(нет)']);
    expect(table.getByText('Итого').closest('tr')).toHaveTextContent(rub(40_000));
    const sessionsHeader = table.getByRole('button', { name: 'Сессии' });
    fireEvent.click(sessionsHeader);
    expect(sessionsHeader.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['paid', '(нет)']);
    fireEvent.click(sessionsHeader);
    expect(sessionsHeader.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['(нет)', 'paid']);
  });

  it('says when the period is empty and asks again when the comparison is switched on', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      calls.push(url.searchParams);
      return EMPTY;
    });
    const path = '/crm/marketing';
    const { router } = renderInCabinet(<MarketingDashboardPage />, {
      routes: [{ path, element: <MarketingDashboardPage /> }],
      path: `${path}?from=2031-05-01&to=2031-05-02`,
    });
    expect(await screen.findByTestId('marketing-empty', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Нет данных по каналам за период')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'CAC' })).toHaveTextContent('—');
    fireEvent.click(screen.getByRole('switch', { name: 'Сравнить с прошлым периодом' }));
    await waitFor(() => expect(calls.at(-1)!.get('compare')).toBe('true'));
    expect(new URLSearchParams(router.state.location.search).get('compare')).toBe('true');
  });

  it('says how visitors are counted over a period longer than a month', async () => {
    mockApi(() => EMPTY);
    const path = '/crm/marketing';
    renderInCabinet(<MarketingDashboardPage />, {
      routes: [{ path, element: <MarketingDashboardPage /> }],
      path: `${path}?from=2031-01-01&to=2031-03-31`,
    });
    expect(await screen.findByTestId('visitors-by-day-note', {}, { timeout: 5_000 })).toHaveTextContent(
      'Период длиннее 31 дня: посетители — сумма уникальных посетителей по дням',
    );
  });
});
