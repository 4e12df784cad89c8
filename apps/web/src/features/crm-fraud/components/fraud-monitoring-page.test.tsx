import { type FraudEventsResponse, PARTNER_MESSAGES } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { FraudMonitoringPage } from './fraud-monitoring-page';

const EVENTS: FraudEventsResponse = {
  items: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      rule: 'SELF_REFERRAL',
      status: 'OPEN',
      partner: {
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Анна Партнёр',
        email: 'anna@example.ru',
        status: 'ACTIVE',
      },
      order: { id: '33333333-3333-4333-8333-333333333333', number: 100042 },
      evidence: ['E-mail заказа совпадает с e-mail партнёра'],
      createdAt: '2026-03-01T09:00:00Z',
      resolvedAt: null,
      resolutionNote: null,
    },
  ],
  total: 1,
  partners: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Анна Партнёр', openCount: 1 }],
};

describe('fraud monitoring', () => {
  it('shows the evidence and the order link; a decision needs a note and sends it', async () => {
    const posts: Array<{ path: string; body: unknown }> = [];
    mockApi((url, init) => {
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return { success: true, status: 'RELEASED' };
      }
      return url.pathname === '/api/admin/fraud-events' ? EVENTS : undefined;
    });
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    renderInCabinet(<FraudMonitoringPage />, { path: '/crm/fraud-monitoring' });

    const row = await screen.findByTestId('fraud-event-11111111-1111-4111-8111-111111111111');
    expect(row).toHaveTextContent('E-mail заказа совпадает с e-mail партнёра');
    expect(within(row).getByRole('link', { name: '№ 100042' })).toHaveAttribute(
      'href',
      '/crm/orders/33333333-3333-4333-8333-333333333333',
    );
    fireEvent.click(within(row).getByRole('button', { name: /^Отпустить/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отпустить' }));
    expect(await within(dialog).findByText(PARTNER_MESSAGES.fraudNoteRequired)).toBeInTheDocument();
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Комментарий/ }), {
      target: { value: 'Клиент настоящий' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отпустить' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: '/api/admin/fraud-events/11111111-1111-4111-8111-111111111111/release',
          body: { note: 'Клиент настоящий' },
        },
      ]),
    );
  });
});
