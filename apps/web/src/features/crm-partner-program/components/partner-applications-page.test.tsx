import { PARTNER_MESSAGES, type PartnerApplication } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PartnerApplicationsPage } from './partner-applications-page';

const APPLICATION: PartnerApplication = {
  id: '11111111-2222-4333-8444-555555555555',
  type: 'AFFILIATE',
  name: 'Ольга',
  company: null,
  website: 'https://olga.example.ru',
  email: 'olga@example.ru',
  phone: '+79161234567',
  promotion: 'Пишу о визах',
  status: 'PENDING',
  refusalReason: null,
  partnerAccountId: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  decidedAt: null,
};

describe('CRM partner applications', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc'));

  it('refusing asks for a reason first, then sends the trimmed reason', async () => {
    const posts: Array<{ path: string; body: unknown }> = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/admin/partner-applications' && (init?.method ?? 'GET') === 'GET')
        return { items: posts.length ? [] : [APPLICATION] };
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
        return { ...APPLICATION, status: url.pathname.endsWith('refuse') ? 'REFUSED' : 'APPROVED' };
      }
      return undefined;
    });
    renderInCabinet(<PartnerApplicationsPage />, { path: '/crm/partner-program/applications' });
    const row = (await screen.findByText('olga@example.ru', { exact: false })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить заявку?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(
      await within(dialog).findByText(PARTNER_MESSAGES.partnerRefusalReasonRequired),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Причина/), {
      target: { value: '  Сайт не о переводах ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: `/api/admin/partner-applications/${APPLICATION.id}/refuse`,
          body: { reason: 'Сайт не о переводах' },
        },
      ]),
    );
  });
});
