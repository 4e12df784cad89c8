import type { CorporateAnalyticsResponse } from '@app/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { CorporateAnalyticsPage } from './analytics-page';

const NONE = {
  issued: 0,
  used: 0,
  orders: 0,
  paidOrders: 0,
  revenueKopecks: 0,
  discountKopecks: 0,
  commissionKopecks: 0,
};

describe('corporate analytics page', () => {
  let answer: CorporateAnalyticsResponse;
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc');
    mockApi(async (url) => (url.pathname === '/api/partner/corporate/analytics' ? answer : undefined));
  });

  it('says there is nothing yet instead of tables of headers alone', async () => {
    answer = { totals: NONE, campaigns: [], batches: [], days: [] };
    renderInCabinet(<CorporateAnalyticsPage />, { path: '/partner/corporate/analytics' });
    expect(
      await screen.findByText('Пока нечего показать: выпустите пакет купонов в разделе «Пакеты купонов»'),
    ).toBeInTheDocument();
    expect(screen.getByText('Пакетов купонов пока нет')).toBeInTheDocument();
    expect(screen.queryByTestId('corporate-campaigns')).toBeNull();
    expect(screen.queryByTestId('corporate-batches')).toBeNull();
  });

  it('lists the campaigns and batches it has', async () => {
    answer = {
      totals: NONE,
      campaigns: [
        {
          ...NONE,
          campaignId: 'c1',
          name: 'Весна',
          linkOrders: 0,
          linkPaidOrders: 0,
          linkRevenueKopecks: 0,
          linkCommissionKopecks: 0,
        },
      ],
      batches: [{ ...NONE, batchId: 'b1', label: 'Пакет 1', campaignName: 'Весна' }],
      days: [],
    };
    renderInCabinet(<CorporateAnalyticsPage />, { path: '/partner/corporate/analytics' });
    expect(await screen.findByTestId('corporate-campaigns')).toHaveTextContent('Весна');
    expect(screen.getByTestId('corporate-batches')).toHaveTextContent('Пакет 1');
    expect(screen.queryByText('Пакетов купонов пока нет')).toBeNull();
  });
});
