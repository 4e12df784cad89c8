import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { OrderResend } from './order-resend';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const unpaid = {
  id: ORDER_ID,
  email: 'vera@example.ru',
  isPaid: false,
  status: 'NEW',
  amount: 5400,
} as const;

describe('resending the customer mails from the CRM order page', () => {
  let posted: unknown[];
  let answer: () => Response;

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
    posted = [];
    answer = () => jsonResponse({ mail: 'payment-link', to: unpaid.email, mailId: 'm1' });
    mockApi((url, init) => {
      if (url.pathname === `/api/order/${ORDER_ID}/resend` && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return answer();
      }
      return undefined;
    });
  });

  it('asks first, naming the address and the amount, and sends only after «Отправить»', async () => {
    renderInCabinet(<OrderResend order={unpaid} />, { path: `/crm/orders/${ORDER_ID}` });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ссылку на оплату' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('vera@example.ru');
    expect(dialog.textContent).toMatch(/5\s400\s₽/);
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(posted).toEqual([{ mail: 'payment-link' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no payment link for a paid order; the confirmation still goes', async () => {
    renderInCabinet(<OrderResend order={{ ...unpaid, isPaid: true, status: 'PAID' }} />, {
      path: `/crm/orders/${ORDER_ID}`,
    });
    expect(screen.queryByRole('button', { name: 'Отправить ссылку на оплату' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить подтверждение повторно' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('vera@example.ru');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(posted).toEqual([{ mail: 'confirmation' }]));
  });

  it('keeps the question open when the server says to wait (one a minute)', async () => {
    answer = () =>
      jsonResponse(
        {
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: MESSAGES.orderResendTooSoon.replace('{seconds}', '42'),
        },
        429,
      );
    renderInCabinet(<OrderResend order={unpaid} />, { path: `/crm/orders/${ORDER_ID}` });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить подтверждение повторно' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(await screen.findByText(/Повторите через 42 с/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
