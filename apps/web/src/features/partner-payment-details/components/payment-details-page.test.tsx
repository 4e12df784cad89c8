import { PARTNER_MESSAGES, type PaymentDetailsResponse } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PaymentDetailsPage } from './payment-details-page';

const EMPTY: PaymentDetailsResponse = { current: null, pending: null };

function render(path = '/partner/payment-details') {
  window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc');
  return renderInCabinet(<PaymentDetailsPage />, {
    path,
    routes: [{ path: '/partner/payment-details', element: <PaymentDetailsPage /> }],
  });
}

const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('partner payment details form', () => {
  it('checks the INN by payee type and the account against the BIK before sending; shows the pending change', async () => {
    let putBody: Record<string, unknown> | null = null;
    mockApi((url, init) => {
      if (url.pathname !== '/api/partner/payment-details') return undefined;
      if (init?.method === 'PUT') {
        putBody = JSON.parse(String(init.body)) as Record<string, unknown>;
        return {
          current: null,
          pending: { ...putBody, requestedAt: '2026-03-01T09:00:00Z', expiresAt: '2026-03-02T09:00:00Z' },
        };
      }
      return EMPTY;
    });
    render();

    await screen.findByRole('form', { name: 'Реквизиты для выплат' });
    expect(screen.queryByRole('textbox', { name: /КПП/ })).not.toBeInTheDocument();
    type(/ФИО или название ИП/, 'Иванов Иван Иванович');
    type(/^ИНН/, '7707083893');
    type(/БИК/, '044525225');
    type(/^Банк/, 'ПАО Сбербанк');
    type(/Расчётный счёт/, '40817810938000012341');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText(PARTNER_MESSAGES.payeeInnPerson)).toBeInTheDocument();
    expect(screen.getByText(PARTNER_MESSAGES.invalidSettlementAccount)).toBeInTheDocument();
    expect(putBody).toBeNull();

    type(/^ИНН/, '5001 0073 2259');
    type(/Расчётный счёт/, '4081 7810 9380 0001 2340');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    await waitFor(() =>
      expect(putBody).toEqual({
        payeeType: 'SELF_EMPLOYED',
        payeeName: 'Иванов Иван Иванович',
        inn: '500100732259',
        kpp: null,
        bik: '044525225',
        account: '40817810938000012340',
        correspondentAccount: null,
        bankName: 'ПАО Сбербанк',
      }),
    );
    expect(await screen.findByTestId('payment-details-pending')).toHaveTextContent(
      'Изменение реквизитов ожидает подтверждения',
    );
  });

  it('the mailed link asks for one click, then confirms with its token', async () => {
    let confirmed: unknown = null;
    mockApi((url, init) => {
      if (url.pathname === '/api/partner/payment-details/confirm' && init?.method === 'POST') {
        confirmed = JSON.parse(String(init.body));
        return { success: true };
      }
      return url.pathname === '/api/partner/payment-details' ? EMPTY : undefined;
    });
    render('/partner/payment-details?confirm=tok-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить реквизиты' }));
    await waitFor(() => expect(confirmed).toEqual({ token: 'tok-123' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Подтвердить реквизиты' })).not.toBeInTheDocument(),
    );
  });
});
