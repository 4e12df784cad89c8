import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderRefundsResponse, Refund } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { formatRub } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { OrderRefunds } from './order-refunds';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const PAYMENT_ID = '00000000-0000-4000-8000-000000000002';
/** jest-dom compares text with whitespace (the no-break spaces of amounts) collapsed. */
const rub = (amount: number) => formatRub(amount).replace(/\u00A0/g, ' ');

const refundOf = (patch: Partial<Refund>): Refund => ({
  id: '00000000-0000-4000-8000-000000000003',
  paymentId: PAYMENT_ID,
  provider: 'yookassa',
  amount: 1000,
  reason: 'Скидка',
  status: 'succeeded',
  method: null,
  refundedOn: '2026-03-05',
  createdAt: '2026-03-05T10:00:00.000Z',
  actor: 'admin@demo.local',
  error: null,
  ...patch,
});

describe('order refunds (CRM)', () => {
  let state: OrderRefundsResponse;
  let posted: unknown[];
  let retried: string[];

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
    posted = [];
    retried = [];
    state = {
      orderId: ORDER_ID,
      paid: 5000,
      refunded: 0,
      pending: 300,
      remaining: 4700,
      payments: [
        {
          id: PAYMENT_ID,
          provider: 'yookassa',
          amount: 5000,
          remaining: 4700,
          method: null,
          paidAt: '2026-03-04T10:00:00.000Z',
        },
      ],
      items: [
        refundOf({
          amount: 300,
          status: 'pending',
          refundedOn: null,
          error: 'Не удалось связаться с ЮKassa',
        }),
      ],
      canRefund: true,
    };
    mockApi((url, init) => {
      if (url.pathname === `/api/order/${ORDER_ID}/refunds` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: number };
        posted.push(body);
        const created = refundOf({ id: 'new', amount: body.amount });
        state = {
          ...state,
          refunded: body.amount,
          remaining: state.remaining - body.amount,
          items: [...state.items, created],
        };
        return jsonResponse(created, 201);
      }
      if (url.pathname === `/api/order/${ORDER_ID}/refunds`) return state;
      const retry = /\/refunds\/([\w-]+)\/retry$/.exec(url.pathname)?.[1];
      if (retry && init?.method === 'POST') {
        retried.push(retry);
        return refundOf({ id: retry });
      }
      return undefined;
    });
  });

  const render = (isAdmin = true) =>
    renderInCabinet(<OrderRefunds orderId={ORDER_ID} isAdmin={isAdmin} />, {
      path: `/crm/orders/${ORDER_ID}`,
    });

  it('shows «Возвращено X из Y», the pending refund with its error and «Повторить»', async () => {
    render();
    expect(await screen.findByTestId('refund-summary')).toHaveTextContent(
      `Возвращено ${rub(0)} из ${rub(5000)} · в обработке ${rub(300)} · можно вернуть ${rub(4700)}`,
    );
    const row = within(screen.getByRole('table', { name: 'Возвраты' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('В обработке');
    expect(row).toHaveTextContent('Не удалось связаться с ЮKassa');
    fireEvent.click(within(row).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(retried).toEqual(['00000000-0000-4000-8000-000000000003']));
  });

  it('asks a reason, confirms amount and method, then sends the refund', async () => {
    render();
    const form = await screen.findByRole('form', { name: 'Оформить возврат' });
    const amount = within(form).getByRole('textbox', { name: 'Сумма возврата, ₽' });
    // The full remaining amount is the default.
    expect(amount).toHaveValue('4700');
    fireEvent.click(within(form).getByRole('button', { name: 'Оформить возврат' }));
    expect(await within(form).findByText(MESSAGES.refundReasonMissing)).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(amount, { target: { value: '1200' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Причина возврата/ }), {
      target: { value: '  Один документ не нужен  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Оформить возврат' }));
    const confirmation = await screen.findByTestId('refund-confirmation');
    expect(confirmation).toHaveTextContent(`Вернуть ${rub(1200)}`);
    expect(confirmation).toHaveTextContent('Способ: через ЮKassa');
    expect(confirmation).toHaveTextContent('Причина: Один документ не нужен');
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть деньги' }));
    await waitFor(() =>
      expect(posted).toEqual([{ paymentId: PAYMENT_ID, amount: 1200, reason: 'Один документ не нужен' }]),
    );
  });

  it('MANAGER reads only: no form and no «Повторить»', async () => {
    state = { ...state, canRefund: false };
    render(false);
    await screen.findByTestId('refund-summary');
    expect(screen.queryByRole('form', { name: 'Оформить возврат' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  });
});
