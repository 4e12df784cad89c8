import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMISSION_MESSAGES, type Adjustment } from '@app/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { AdjustmentsPage } from './adjustments-page';

const PARTNER = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Алексей Аффилиатов',
  email: 'affiliate@demo.local',
};

describe('the adjustment form', () => {
  let posted: unknown[];
  let items: Adjustment[];

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
    posted = [];
    items = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/commission-adjustments/partners') return { items: [PARTNER] };
      if (url.pathname === '/api/commission-adjustments' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: number; reason: string };
        posted.push(body);
        const created: Adjustment = {
          id: 'a1',
          partnerAccountId: PARTNER.id,
          partnerName: PARTNER.name,
          partnerEmail: PARTNER.email,
          amountKopecks: Math.round(body.amount * 100),
          status: 'APPROVED',
          reason: body.reason,
          createdBy: 'admin@demo.local',
          createdAt: '2026-11-26T09:00:00.000Z',
        };
        items = [created];
        return jsonResponse(created, 201);
      }
      if (url.pathname === '/api/commission-adjustments')
        return { items, total: items.length, page: 1, pageSize: 50 };
      return undefined;
    });
  });

  it('shows the contract messages before sending, then sends a negative amount with a trimmed reason', async () => {
    renderInCabinet(<AdjustmentsPage />, { path: '/crm/commission-adjustments' });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить корректировку' }));
    const form = await screen.findByRole('form', { name: 'Новая корректировка' });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText(COMMISSION_MESSAGES.adjustmentPartnerMissing)).toBeTruthy();
    expect(within(form).getByText(COMMISSION_MESSAGES.adjustmentAmountInvalid)).toBeTruthy();
    expect(within(form).getByText(COMMISSION_MESSAGES.adjustmentReasonMissing)).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /Сумма/ }), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText(COMMISSION_MESSAGES.adjustmentAmountInvalid)).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.click(within(form).getByRole('combobox', { name: 'Партнёр' }));
    fireEvent.click(await screen.findByRole('option', { name: /Алексей Аффилиатов/ }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Сумма/ }), { target: { value: '-250,5' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Причина' }), {
      target: { value: '  Ошибочное начисление  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { partnerAccountId: PARTNER.id, amount: -250.5, reason: 'Ошибочное начисление' },
      ]),
    );
    const table = await screen.findByTestId('adjustments-table');
    expect(await within(table).findByText('Ошибочное начисление')).toBeTruthy();
  });
});
