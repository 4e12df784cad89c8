import { ATTRIBUTION_MODELS, type AttributionReport, type LeadScoringReport } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { AttributionPage } from './attribution-page';
import { LeadScoringPage } from './lead-scoring-page';

const credit = (orders: number, revenue: number) => ({ orders, revenue, margin: revenue / 2 });
const models = (orders: number, revenue: number) =>
  Object.fromEntries(
    ATTRIBUTION_MODELS.map((model) => [model, credit(orders, revenue)]),
  ) as AttributionReport['rows'][number]['models'];

describe('journey report pages', () => {
  it('attribution: six model columns, a header click sorts on the server and keeps the sort in the URL', async () => {
    const queries: URLSearchParams[] = [];
    const report: AttributionReport = {
      groupBy: 'channel',
      metric: 'orders',
      rows: [
        { key: 'paid', models: models(2, 3000), previous: null },
        { key: 'direct', models: models(1, 500), previous: null },
      ],
      totals: credit(3, 3500),
      previousTotals: null,
      windowHours: 720,
      halfLifeHours: 168,
    };
    mockApi((url) => {
      if (url.pathname !== '/api/marketing/attribution') return undefined;
      queries.push(url.searchParams);
      return report;
    });
    const { router } = renderInCabinet(<AttributionPage />, {
      path: '/crm/marketing/attribution?from=2026-03-01&to=2026-03-31&metric=orders',
      routes: [{ path: '/crm/marketing/attribution', element: <AttributionPage /> }],
    });
    const table = await screen.findByTestId('attribution-table');
    const paid = within(table).getByRole('row', { name: /^paid/ });
    expect(
      within(paid)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['paid', '2', '2', '2', '2', '2', '2']);
    expect(queries[0]?.get('metric')).toBe('orders');
    expect(queries[0]?.get('from')).toBe('2026-03-01');

    fireEvent.click(within(table).getByRole('button', { name: /Первое касание/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('-first_touch'));
    expect(router.state.location.search).toContain('sort=-first_touch');
    expect(within(table).getByRole('columnheader', { name: /Первое касание/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('lead scoring: a hot lead shows the order’s contact and link; a customer without an order only a card link', async () => {
    const base = {
      startedAt: '2026-03-02T10:00:00Z',
      channel: 'paid',
      campaign: 'spring',
      deviceType: 'mobile',
      events: 3,
      isHot: true,
    };
    const report: LeadScoringReport = {
      rules: [{ eventType: 'form_submit', eventAction: null, points: 30, decayDays: 7 }],
      threshold: 50,
      scoredSessions: 2,
      sessions: [
        { ...base, sessionId: 's-1', score: 60 },
        { ...base, sessionId: 's-2', score: 55 },
      ],
      hotLeads: [
        {
          ...base,
          sessionId: 's-1',
          score: 60,
          customerId: null,
          order: {
            id: '33333333-3333-4333-8333-333333333333',
            number: 100042,
            name: 'Ольга Заказова',
            email: 'olga@example.ru',
            phoneNumber: '+79161112233',
            isPaid: false,
          },
        },
        {
          ...base,
          sessionId: 's-2',
          score: 55,
          customerId: '44444444-4444-4444-8444-444444444444',
          order: null,
        },
      ],
      hotLeadsTotal: 2,
      previous: null,
    };
    mockApi((url) => (url.pathname === '/api/marketing/lead-scoring' ? report : undefined));
    renderInCabinet(<LeadScoringPage />, { path: '/crm/marketing/lead-scoring' });
    const leads = await screen.findByTestId('hot-leads');
    expect(leads).toHaveTextContent('Ольга Заказова');
    expect(leads).toHaveTextContent('olga@example.ru');
    expect(within(leads).getByRole('link', { name: '№100042' })).toHaveAttribute(
      'href',
      '/crm/orders/33333333-3333-4333-8333-333333333333',
    );
    expect(within(leads).getByRole('link', { name: 'Карточка клиента' })).toHaveAttribute(
      'href',
      '/crm/customers/44444444-4444-4444-8444-444444444444',
    );
    // Every hot lead is listed: no note about the ones left out.
    expect(screen.getByRole('group', { name: 'Горячие лиды' })).toHaveTextContent('2');
    expect(screen.queryByTestId('hot-leads-shown')).not.toBeInTheDocument();
    // Not an ADMIN: the rules are read-only.
    expect(screen.getByText('Правила меняет администратор.')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('lead-rules')).getByRole('row', { name: /form_submit/ }),
    ).toHaveTextContent('7 дн.');
  });

  it('lead scoring: more hot leads than the answer lists — the figure counts them all and a note says which are shown', async () => {
    const lead = {
      sessionId: 's-1',
      startedAt: '2026-03-02T10:00:00Z',
      channel: 'paid',
      campaign: null,
      deviceType: 'mobile',
      events: 3,
      score: 60,
      isHot: true,
      customerId: '44444444-4444-4444-8444-444444444444',
      order: null,
    };
    const report: LeadScoringReport = {
      rules: [{ eventType: 'form_submit', eventAction: null, points: 60, decayDays: 0 }],
      threshold: 50,
      scoredSessions: 2_500,
      sessions: [lead],
      hotLeads: [lead],
      hotLeadsTotal: 2_345,
      previous: null,
    };
    mockApi((url) => (url.pathname === '/api/marketing/lead-scoring' ? report : undefined));
    renderInCabinet(<LeadScoringPage />, { path: '/crm/marketing/lead-scoring' });
    expect(await screen.findByTestId('hot-leads-shown')).toHaveTextContent(
      'Показаны первые 1 по баллам из 2 345, в CSV — они же.',
    );
    expect(screen.getByRole('group', { name: 'Горячие лиды' })).toHaveTextContent('2 345');
  });
  it.each([
    ['ADMIN', 'Правил скоринга нет: добавьте правило выше — баллы начисляются только по правилам'],
    ['MANAGER', 'Правил скоринга нет: баллы начисляются только по правилам, их задаёт администратор'],
  ] as const)(
    'lead scoring without rules (%s): both lists say that nothing scores without rules and who sets them',
    async (role, text) => {
      window.localStorage.setItem(STORAGE_KEYS.crmRole, role);
      const report: LeadScoringReport = {
        rules: [],
        threshold: 50,
        scoredSessions: 0,
        sessions: [],
        hotLeads: [],
        hotLeadsTotal: 0,
        previous: null,
      };
      // ADMIN's configuration request is not answered here: the page then lists the rules read-only.
      mockApi((url) => (url.pathname === '/api/marketing/lead-scoring' ? report : undefined));
      renderInCabinet(<LeadScoringPage />, { path: '/crm/marketing/lead-scoring' });
      // The two lists' empty states (the hot leads, then the scored sessions), and no «no sessions in the period».
      await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
      expect(screen.queryByText('За период нет сессий с баллами')).not.toBeInTheDocument();
      expect(screen.queryByText('Горячих лидов нет')).not.toBeInTheDocument();
    },
  );
});
