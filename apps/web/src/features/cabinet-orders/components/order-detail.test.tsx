import { formatRub, type OrderDetail } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrderDetailView } from './order-detail';

const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';

function detail(patch: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: ORDER_ID,
    number: 1042,
    createdAt: '2025-03-05T10:00:00.000Z',
    status: 'NEW',
    amount: 4350,
    isPaid: false,
    ownerConfirmed: true,
    documents: [{ name: 'Паспорт', quantity: 2 }],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    originalLanguageName: 'Русский',
    targetLanguageName: 'Английский',
    email: 'anna@example.ru',
    name: 'Анна',
    phoneNumber: '+79161234567',
    payerType: 'INDIVIDUAL',
    organization: null,
    comment: null,
    paidAt: null,
    estimatedReadyDate: '2025-03-10',
    priceBreakdown: {
      lines: [
        { kind: 'document', refId: 'd1', name: 'Паспорт', unitPrice: 1500, quantity: 2, total: 3000 },
        {
          kind: 'assurance',
          refId: 'a1',
          name: 'Нотариальное заверение — Паспорт',
          unitPrice: 600,
          quantity: 2,
          total: 1200,
        },
        { kind: 'delivery', refId: 'p1', name: 'Пункт выдачи', unitPrice: 150, quantity: 1, total: 150 },
      ],
      documentsTotal: 3000,
      assurancesTotal: 1200,
      deliveryPrice: 150,
      subtotal: 4350,
      discountPercent: 0,
      discount: 0,
      total: 4350,
    },
    delivery: {
      type: 'PICKUP_POINT',
      name: 'Пункт выдачи',
      price: 150,
      point: {
        id: 'p1',
        name: 'ПВЗ «Таганская»',
        address: 'Москва, ул. Марксистская, д. 3',
        schedule: 'Пн–Сб 10:00–20:00',
        metro: 'Таганская',
        metroColor: '#8D5B2D',
      },
      office: null,
      address: null,
      apartment: null,
      entrance: null,
      floor: null,
      intercom: null,
      addressComment: null,
      trackingNumber: null,
      trackingUrl: null,
    },
    files: [],
    history: [
      {
        fromStatus: null,
        toStatus: 'NEW',
        comment: null,
        internalNote: null,
        createdAt: '2025-03-05T10:00:00.000Z',
        actor: null,
      },
    ],
    amountChanges: [],
    canCancel: true,
    canPay: true,
    staff: null,
    ...patch,
  };
}

describe('cabinet order detail', () => {
  it('marks an order placed for my e-mail by someone else and confirms it on request', async () => {
    let confirmed = false;
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === `/api/order/${ORDER_ID}/confirm-owner` && init?.method === 'POST') {
        confirmed = true;
        return { id: ORDER_ID, ownerConfirmed: true };
      }
      if (url.pathname === `/api/order/${ORDER_ID}`) {
        return detail({ ownerConfirmed: confirmed, comment: confirmed ? 'Срочно' : null });
      }
      return undefined;
    });
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);
    const notice = await screen.findByTestId('order-unconfirmed-notice');
    expect(screen.getAllByText('Не подтверждён').length).toBeGreaterThan(0);
    fireEvent.click(within(notice).getByRole('button', { name: 'Это мой заказ' }));
    await waitFor(() => expect(screen.queryByTestId('order-unconfirmed-notice')).not.toBeInTheDocument());
    expect(await screen.findByText('Срочно')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).includes(`/api/order/${ORDER_ID}/confirm-owner`)),
    ).toBe(true);
  });

  it('shows documents with assurances, the pickup point and the history', async () => {
    mockApi((url) => (url.pathname === `/api/order/${ORDER_ID}` ? detail() : undefined));
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);

    const documents = await screen.findByTestId('order-detail-documents');
    expect(within(documents).getByText('Паспорт × 2')).toBeInTheDocument();
    expect(within(documents).getByText('+ Нотариальное заверение')).toBeInTheDocument();
    expect(screen.getByTestId('order-delivery-point')).toHaveTextContent('Москва, ул. Марксистская, д. 3');
    expect(screen.getByText('м. Таганская')).toBeInTheDocument();
    expect(screen.getByTestId('order-history')).toHaveTextContent('05.03.2025, 13:00');
    expect(screen.getByRole('button', { name: /Оплатить/ })).toBeInTheDocument();
  });

  it('tells the customer that staff changed the amount: was, now and why (issue 16)', async () => {
    mockApi((url) =>
      url.pathname === `/api/order/${ORDER_ID}`
        ? detail({
            amount: 5400,
            amountChanges: [
              {
                from: 4350,
                to: 5400,
                reason: 'Две страницы вместо одной',
                createdAt: '2025-03-05T11:00:00.000Z',
                actor: null,
              },
            ],
          })
        : undefined,
    );
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);
    const notice = await screen.findByTestId('order-amount-changed-notice');
    expect(notice.textContent).toBe(
      `Сумма заказа изменена: было ${formatRub(4350)}, стало ${formatRub(5400)} — Две страницы вместо одной`,
    );
  });

  it('lists the refunds of the order: returned of paid, each with its day, state and reason', async () => {
    mockApi((url) => {
      if (url.pathname === `/api/order/${ORDER_ID}`) return detail({ isPaid: true });
      if (url.pathname === `/api/order/${ORDER_ID}/refunds`)
        return {
          orderId: ORDER_ID,
          paid: 5400,
          refunded: 1200,
          pending: 0,
          remaining: 4200,
          payments: [],
          items: [
            {
              id: '00000000-0000-4000-8000-0000000000bb',
              paymentId: '00000000-0000-4000-8000-0000000000cc',
              provider: 'yookassa',
              amount: 1200,
              reason: 'Один документ не переводили',
              status: 'succeeded',
              method: null,
              refundedOn: '2025-03-06',
              createdAt: '2025-03-06T09:00:00.000Z',
              actor: null,
              error: null,
            },
          ],
          canRefund: false,
        };
      return undefined;
    });
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);
    const refunds = await screen.findByTestId('order-refunds');
    const text = refunds.textContent?.replace(/\u00A0/g, ' ');
    expect(text).toContain(`Возвращено ${formatRub(1200)} из ${formatRub(5400)}`.replace(/\u00A0/g, ' '));
    expect(text).toContain('06.03.2025');
    expect(text).toContain('Выполнен');
    expect(text).toContain('Причина: Один документ не переводили');
  });

  it('shows no amount notice when the amount was never changed', async () => {
    mockApi((url) => (url.pathname === `/api/order/${ORDER_ID}` ? detail() : undefined));
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);
    await screen.findByTestId('order-detail-documents');
    expect(screen.queryByTestId('order-amount-changed-notice')).toBeNull();
  });

  it('cancels after confirmation, sending the optional comment', async () => {
    let patchBody: unknown = null;
    let patches = 0;
    mockApi((url, init) => {
      if (url.pathname === '/api/order/status' && init?.method === 'PATCH') {
        patches += 1;
        patchBody = JSON.parse(String(init.body));
        return detail({
          status: 'CANCELED',
          canCancel: false,
          canPay: false,
          history: [
            ...detail().history,
            {
              fromStatus: 'NEW',
              toStatus: 'CANCELED',
              comment: 'Передумал',
              internalNote: null,
              createdAt: '2025-03-05T11:00:00.000Z',
              actor: null,
            },
          ],
        });
      }
      return url.pathname === `/api/order/${ORDER_ID}` ? detail() : undefined;
    });
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить заказ №1042?' });
    // Nothing is sent before the confirmation.
    expect(patchBody).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Причина отмены/ }), {
      target: { value: 'Передумал' },
    });
    // A double tap (issue 16): the second tap, before the first answer, sends nothing.
    const confirm = within(dialog).getByRole('button', { name: 'Да, отменить' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Отменён'));
    expect(patches).toBe(1);
    expect(patchBody).toEqual({ id: ORDER_ID, status: 'CANCELED', comment: 'Передумал' });
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).not.toBeInTheDocument();
  });

  it('keeps the order when the confirmation is dismissed', async () => {
    const fetchMock = mockApi((url) => (url.pathname === `/api/order/${ORDER_ID}` ? detail() : undefined));
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('answers a 404 with "Заказ не найден"', async () => {
    mockApi(() => undefined);
    renderInCabinet(<OrderDetailView orderId={ORDER_ID} />);

    expect(await screen.findByTestId('order-not-found')).toHaveTextContent('Заказ не найден');
  });
});
