import type { PartnerDashboardResponse } from '@app/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PartnerDashboardPage } from './dashboard-page';

const EMPTY: PartnerDashboardResponse = {
  clicks: 0,
  orders: 0,
  conversionPercent: 0,
  pendingKopecks: 0,
  approvedKopecks: 0,
  paidKopecks: 0,
  balanceKopecks: 0,
  firstStep: null,
  days: [],
};

/** Decision 102: «С чего начать» is each partner type's own first step, and goes once it is taken. */
describe('partner dashboard', () => {
  let answer: PartnerDashboardResponse;
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc');
    mockApi(async (url) => (url.pathname === '/api/partner/dashboard' ? answer : undefined));
  });

  const firstSteps = async () => {
    renderInCabinet(<PartnerDashboardPage />, { path: '/partner/dashboard' });
    const card = await screen.findByTestId('dashboard-first-steps');
    return {
      card,
      links: [...card.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
    };
  };

  it('an affiliate without a link is sent to make one', async () => {
    answer = { ...EMPTY, firstStep: 'LINK' };
    const { card, links } = await firstSteps();
    expect(card).toHaveTextContent('Создайте партнёрскую ссылку');
    expect(links).toEqual([['Создать ссылку', '/partner/affiliate/links']]);
  });

  it('a corporate partner without a batch is sent to issue coupons', async () => {
    answer = { ...EMPTY, firstStep: 'COUPON_BATCH' };
    const { card, links } = await firstSteps();
    expect(card).toHaveTextContent('Выпустите пакет купонов');
    expect(links).toEqual([['Выпустить купоны', '/partner/corporate/coupon-batches']]);
  });

  it('an integrator without a key or widget is offered both', async () => {
    answer = { ...EMPTY, firstStep: 'INTEGRATION' };
    const { card, links } = await firstSteps();
    expect(card).toHaveTextContent('виджет расчёта стоимости');
    expect(links).toEqual([
      ['Настроить виджет', '/partner/integrator/widgets'],
      ['Создать API-ключ', '/partner/integrator/api-keys'],
    ]);
  });

  it('shows no first step once it is taken', async () => {
    answer = { ...EMPTY, clicks: 3 };
    renderInCabinet(<PartnerDashboardPage />, { path: '/partner/dashboard' });
    expect(await screen.findByTestId('dashboard-clicks')).toHaveTextContent('3');
    expect(screen.queryByTestId('dashboard-first-steps')).toBeNull();
  });
});
