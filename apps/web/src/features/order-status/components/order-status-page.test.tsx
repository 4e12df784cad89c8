import type { GuestOrderStatus } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterNavigationLayout } from '@/app/router-navigation';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrderStatusPage } from './order-status-page';

const TOKEN = 'ab'.repeat(32);
const NBSP = '\u00a0';

const ORDER: GuestOrderStatus = {
  number: 100042,
  status: 'IN_PROGRESS',
  createdAt: '2026-11-20T10:00:00.000Z',
  documents: [
    { name: 'Паспорт', quantity: 2 },
    { name: 'Диплом', quantity: 1 },
  ],
  originalLanguage: 'Русский',
  targetLanguage: 'Английский',
  estimatedReadyDate: '2026-11-27',
  amount: 4500,
  isPaid: false,
  canPay: true,
  delivery: {
    type: 'PICKUP_POINT',
    name: 'Пункт выдачи',
    price: 0,
    place: {
      name: 'ПВЗ «Таганская»',
      address: 'Москва, ул. Марксистская, д. 3',
      schedule: 'Пн–Сб 10:00–20:00',
    },
  },
};

function renderPage() {
  // A guest: no cabinet session is needed (the page calls the API without a token).
  const view = renderInCabinet(<OrderStatusPage />, {
    path: `/order-status/${TOKEN}`,
    routes: [
      {
        Component: RouterNavigationLayout,
        children: [{ path: '/order-status/:token', element: <OrderStatusPage /> }],
      },
    ],
  });
  window.localStorage.removeItem(STORAGE_KEYS.cabinetToken);
  return view;
}

describe('the guest order-status page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the order by the link token, read-only, with a link to the cabinet', async () => {
    const fetchMock = mockApi((url) => (url.pathname === `/api/order-status/${TOKEN}` ? ORDER : undefined));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Заказ №100042' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('В работе');
    expect(screen.getByTestId('order-paid')).toHaveTextContent('Не оплачен');
    expect(screen.getByTestId('order-status-documents')).toHaveTextContent('Паспорт × 2, Диплом');
    expect(screen.getByTestId('order-status-ready')).toHaveTextContent('27.11.2026');
    expect(screen.getByTestId('order-status-delivery')).toHaveTextContent(
      'ПВЗ «Таганская», Москва, ул. Марксистская, д. 3Часы работы: Пн–Сб 10:00–20:00',
    );
    expect(screen.getByText('Бесплатно')).toBeInTheDocument();
    expect(screen.getByTestId('order-status-amount').textContent).toBe(`4${NBSP}500${NBSP}₽`);
    expect(screen.getByRole('link', { name: 'Войти в кабинет' })).toHaveAttribute('href', '/cabinet-login');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('pays an unpaid order by the same token and goes to the payment page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === `/api/order-status/${TOKEN}`) return ORDER;
      if (url.pathname === `/api/order-status/${TOKEN}/payment-link` && init?.method === 'POST')
        return { paymentId: 'p', confirmationUrl: '/payment/test/p', provider: 'test', testMode: true };
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: `Оплатить 4${NBSP}500${NBSP}₽` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment/test/p'));
    expect(
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname),
    ).toContain(`/api/order-status/${TOKEN}/payment-link`);
  });

  it('offers no payment for a paid order and says so when the link leads nowhere', async () => {
    mockApi((url) =>
      url.pathname === `/api/order-status/${TOKEN}` ? { ...ORDER, isPaid: true, canPay: false } : undefined,
    );
    const first = renderPage();
    expect(await screen.findByRole('heading', { name: 'Заказ №100042' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
    first.unmount();

    mockApi(() => undefined);
    renderPage();
    expect(await screen.findByTestId('order-status-error')).toHaveTextContent('Заказ не найден');
    expect(screen.getByRole('link', { name: 'Войти в кабинет' })).toBeInTheDocument();
  });
});
