import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderResult } from '@app/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { StaffOrderResults } from './staff-order-results';

const ORDER_ID = '00000000-0000-4000-8000-000000000002';

const result = (id: string, name: string, sentAt: string | null): OrderResult => ({
  id,
  name,
  size: 2048,
  mimeType: 'application/pdf',
  createdAt: '2026-03-05T10:00:00.000Z',
  sentAt,
});

describe('staff order results', () => {
  let items: OrderResult[];
  let calls: string[];

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
    items = [
      result('r1', 'скан-оригинала.pdf', '2026-03-05T11:00:00.000Z'),
      result('r2', 'перевод.pdf', null),
    ];
    calls = [];
    mockApi((url, init) => {
      const path = url.pathname;
      const method = init?.method ?? 'GET';
      if (method !== 'GET') calls.push(`${method} ${path}`);
      if (path === `/api/order/${ORDER_ID}/results` && method === 'GET') return { items };
      if (path === `/api/order/${ORDER_ID}/results/send` && method === 'POST') {
        items = items.map((item) => ({ ...item, sentAt: item.sentAt ?? '2026-03-06T09:00:00.000Z' }));
        return { sent: 1, status: 'COMPLETED' };
      }
      if (path === `/api/order/${ORDER_ID}/results/r2` && method === 'DELETE') {
        items = items.filter((item) => item.id !== 'r2');
        return { success: true };
      }
      return undefined;
    });
  });

  const render = () =>
    renderInCabinet(<StaffOrderResults orderId={ORDER_ID} deliveryType="ELECTRONIC" />, {
      path: `/crm/orders/${ORDER_ID}`,
    });

  it('offers removal only for a file not yet sent, and removes it', async () => {
    render();
    const rows = await screen.findAllByTestId('staff-order-result');
    expect(within(rows[0]!).queryByRole('button', { name: /Удалить/ })).toBeNull();
    expect(within(rows[0]!).getByText('Отправлен')).toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Удалить перевод.pdf' }));
    await waitFor(() => expect(screen.getAllByTestId('staff-order-result')).toHaveLength(1));
    expect(calls).toEqual([`DELETE /api/order/${ORDER_ID}/results/r2`]);
  });

  it('sends the unsent files; with none left the button is disabled', async () => {
    render();
    await screen.findAllByTestId('staff-order-result');
    const sendButton = screen.getByRole('button', { name: 'Отправить клиенту' });
    expect(sendButton).toBeEnabled();
    expect(screen.getByText('Электронный заказ после отправки станет выполненным.')).toBeInTheDocument();
    fireEvent.click(sendButton);
    await waitFor(() => expect(calls).toEqual([`POST /api/order/${ORDER_ID}/results/send`]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить клиенту' })).toBeDisabled());
  });
});
