import type { PromoCode } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { FormSettingsPage } from './form-settings-page';

const promo = (values: Partial<PromoCode> & Pick<PromoCode, 'code' | 'status'>): PromoCode => ({
  discountPercent: 10,
  isActive: true,
  validFrom: null,
  validTo: null,
  maxUses: null,
  usedCount: 0,
  description: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...values,
});

// Decision 048 (issue 17): a promo code's row says whether it works now, for how long and how much it was used.
describe('promo codes list', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('shows the computed status, the period in Moscow days and the uses against the limit', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/form-settings/promocode')
        return {
          items: [
            promo({
              code: 'AUTUMN',
              status: 'EXPIRED',
              // 1 September 00:00 to 30 November 23:59 in Moscow.
              validFrom: '2026-08-31T21:00:00.000Z',
              validTo: '2026-11-30T20:59:00.000Z',
              maxUses: 100,
              usedCount: 3,
            }),
            promo({ code: 'WELCOME10', status: 'ACTIVE', usedCount: 7 }),
            promo({
              code: 'PAUSED',
              status: 'DISABLED',
              isActive: false,
              validFrom: '2026-12-01T09:00:00.000Z',
            }),
          ],
        };
      if (url.pathname.startsWith('/api/form-settings/')) return { items: [] };
      return undefined;
    });
    renderInCabinet(<FormSettingsPage />, { path: '/crm/form-settings' });
    fireEvent.click(screen.getByRole('tab', { name: 'Промокоды' }));

    const table = await screen.findByTestId('settings-promocode');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Код', 'Скидка, %', 'Статус', 'Срок действия (МСК)', 'Использовано']),
    );
    const row = (code: string) => within(table).getByRole('row', { name: new RegExp(code) });
    await within(table).findByText('AUTUMN');
    expect(within(row('AUTUMN')).getByText('Истёк')).toBeInTheDocument();
    expect(within(row('AUTUMN')).getByText('01.09.2026 – 30.11.2026')).toBeInTheDocument();
    expect(within(row('AUTUMN')).getByText('3 / 100')).toBeInTheDocument();
    expect(within(row('WELCOME10')).getByText('Активен')).toBeInTheDocument();
    expect(within(row('WELCOME10')).getByText('Без срока')).toBeInTheDocument();
    expect(within(row('WELCOME10')).getByText('7 / без лимита')).toBeInTheDocument();
    expect(within(row('PAUSED')).getByText('Выключен')).toBeInTheDocument();
    expect(within(row('PAUSED')).getByText('с 01.12.2026')).toBeInTheDocument();
    // The old «Активен: Да» column said nothing about whether the code works.
    expect(within(table).queryByText('Да')).toBeNull();
  });
});
