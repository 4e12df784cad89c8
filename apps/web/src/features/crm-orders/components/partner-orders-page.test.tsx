import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderInCabinet } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';
import { PartnerOrdersPage } from './partner-orders-page';

const order = (overrides: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 1001,
  createdAt: '2026-03-05T10:00:00.000Z',
  status: 'READY',
  amount: 1500,
  isPaid: true,
  ownerConfirmed: true,
  documents: [{ name: 'Паспорт', quantity: 2 }],
  originalLanguage: 'ru',
  targetLanguage: 'en',
  originalLanguageName: 'Русский',
  targetLanguageName: 'Английский',
  email: 'anna@example.ru',
  name: 'Анна Ковалёва',
  phoneNumber: '+79161112201',
  payerType: 'INDIVIDUAL',
  deliveryType: 'PICKUP_POINT',
  pickupPointId: null,
  pickupPointName: null,
  ...overrides,
});

describe('partner orders page', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'PARTNER');
  });

  it('shows the payment of each order and hands a paid one over only after a confirmation', async () => {
    const patches: unknown[] = [];
    mockApi(async (url, init) => {
      if (url.pathname === '/api/order/partner')
        return {
          items: [
            order({}),
            order({ id: '00000000-0000-4000-8000-000000000002', number: 1002, isPaid: false, name: 'Борис' }),
          ],
          nextCursor: null,
        };
      if (url.pathname === '/api/order/status' && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return order({ status: 'COMPLETED' });
      }
      return undefined;
    });
    renderInCabinet(<PartnerOrdersPage />, { path: '/crm/orders' });
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).getByTestId('order-paid')).toHaveTextContent('Оплачен');
    expect(within(rows[1]!).getByTestId('order-paid')).toHaveTextContent('Не оплачен');
    expect(screen.getByRole('columnheader', { name: 'Оплата' })).toBeInTheDocument();
    // The unpaid order cannot be handed over from here.
    expect(within(rows[1]!).queryByRole('button', { name: 'Выдан' })).toBeNull();
    expect(within(rows[1]!).getByText('Выдача после оплаты')).toBeInTheDocument();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Выдан' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отметить заказ выданным?' });
    expect(dialog).toHaveTextContent('Заказ №1001 получил клиент Анна Ковалёва?');
    expect(patches).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выдан' }));
    await waitFor(() =>
      expect(patches).toEqual([
        { id: '00000000-0000-4000-8000-000000000001', status: 'COMPLETED', comment: null },
      ]),
    );
  });

  it('shows the pickup point, the phone as +7 916 …, links each number to its page and searches on the server', async () => {
    const searches: Array<string | null> = [];
    mockApi(async (url) => {
      if (url.pathname === '/api/order/partner') {
        searches.push(url.searchParams.get('search'));
        return {
          items: [order({ pickupPointName: 'ПВЗ «Арбат»' })],
          nextCursor: null,
        };
      }
      return undefined;
    });
    renderInCabinet(<PartnerOrdersPage />, { path: '/crm/orders' });
    const [row] = await screen.findAllByTestId('order-row');
    expect(screen.getByRole('columnheader', { name: 'Пункт выдачи' })).toBeInTheDocument();
    expect(within(row!).getByText('ПВЗ «Арбат»')).toBeInTheDocument();
    expect(within(row!).getByText('+7 916 111-22-01')).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: '1001' })).toHaveAttribute(
      'href',
      '/crm/orders/00000000-0000-4000-8000-000000000001',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Поиск/ }), { target: { value: '№1001' } });
    await waitFor(() => expect(searches).toContain('№1001'));
  });
});
