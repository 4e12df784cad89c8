import type { OrderListItem } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrdersList } from './orders-list';

const NBSP = '\u00A0';

function order(patch: Partial<OrderListItem>): OrderListItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: 1001,
    createdAt: '2025-03-05T10:00:00.000Z',
    status: 'NEW',
    amount: 1500,
    isPaid: false,
    ownerConfirmed: true,
    documents: [{ name: 'Паспорт', quantity: 2 }],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    originalLanguageName: 'Русский',
    targetLanguageName: 'Английский',
    ...patch,
  };
}

describe('cabinet orders list', () => {
  it('shows number, ru-RU date, documents with quantities, languages, status label, RUB amount and payment', async () => {
    mockApi((url) =>
      url.pathname === '/api/order/my'
        ? {
            items: [
              order({
                id: '00000000-0000-4000-8000-000000000002',
                number: 1002,
                createdAt: '2025-03-06T21:30:00.000Z',
                status: 'IN_PROGRESS',
                amount: 12345.5,
                isPaid: true,
                ownerConfirmed: true,
                documents: [
                  { name: 'Диплом', quantity: 1 },
                  { name: 'Паспорт', quantity: 3 },
                ],
              }),
              order({}),
            ],
          }
        : undefined,
    );
    renderInCabinet(<OrdersList />);

    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    const [newest, older] = cards as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Заказ №1002')).toBeInTheDocument();
    // 21:30 UTC is the next day in Moscow.
    expect(within(newest).getByTestId('order-date')).toHaveTextContent('от 07.03.2025');
    expect(within(newest).getByTestId('order-amount').textContent).toBe(`12${NBSP}345,50${NBSP}₽`);
    expect(within(newest).getByTestId('order-documents')).toHaveTextContent('Диплом, Паспорт × 3');
    expect(within(newest).getByText('Русский → Английский')).toBeInTheDocument();
    expect(within(newest).getByTestId('order-status')).toHaveTextContent('В работе');
    expect(within(newest).getByTestId('order-paid')).toHaveTextContent('Оплачен');
    expect(newest).toHaveAttribute('href', '/cabinet/orders/00000000-0000-4000-8000-000000000002');

    expect(within(older).getByTestId('order-amount').textContent).toBe(`1${NBSP}500${NBSP}₽`);
    expect(within(older).getByTestId('order-status')).toHaveTextContent('Новый');
    expect(within(older).getByTestId('order-paid')).toHaveTextContent('Не оплачен');
  });

  it('loads the next page with the cursor on "Показать ещё"', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname !== '/api/order/my') return undefined;
      return url.searchParams.get('cursor') === 'c1'
        ? { items: [order({ id: '00000000-0000-4000-8000-000000000009', number: 999 })] }
        : { items: [order({})], nextCursor: 'c1' };
    });
    renderInCabinet(<OrdersList />);

    fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(2));
    expect(screen.getByText('Заказ №999')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('cursor=c1'))).toBe(true);
  });

  it('offers a new order when there are none', async () => {
    mockApi((url) => (url.pathname === '/api/order/my' ? { items: [] } : undefined));
    renderInCabinet(<OrdersList />);

    expect(await screen.findByText('Заказов пока нет')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/order?reset=true');
  });
});
