import type { PartnerLink } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PartnerLinksPage } from './links-page';

const LINK: PartnerLink = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'AbCd2345',
  name: 'Телеграм',
  targetPath: '/',
  url: 'https://perevod.example/r/AbCd2345',
  archivedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  clicks: 12,
  orders: 3,
  paidOrders: 2,
};

describe('partner links page (decision 061)', () => {
  let created: unknown[];
  beforeEach(() => {
    created = [];
    window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc');
    mockApi(async (url, init) => {
      if (url.pathname === '/api/partner/affiliate/links' && init?.method === 'POST') {
        created.push(JSON.parse(String(init.body)));
        return { ...LINK, id: '00000000-0000-4000-8000-000000000002' };
      }
      if (url.pathname === '/api/partner/affiliate/links') return { items: [LINK] };
      return undefined;
    });
  });

  it('refuses a target off our site with the contract’s message and sends nothing', async () => {
    renderInCabinet(<PartnerLinksPage />, { path: '/partner/affiliate/links' });
    await screen.findByText('Телеграм');
    fireEvent.change(screen.getByRole('textbox', { name: /Название/ }), { target: { value: 'Блог' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Страница сайта/ }), {
      target: { value: '//evil.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    expect(await screen.findByText(/Страница — адрес на нашем сайте/)).toBeInTheDocument();
    expect(created).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Страница сайта/ }), {
      target: { value: '/order' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Блог', targetPath: '/order' }]));
  });

  it('builds the link with a sub-id and shows the link’s counts', async () => {
    renderInCabinet(<PartnerLinksPage />, { path: '/partner/affiliate/links' });
    await screen.findByText('Телеграм');
    expect(screen.getByTestId('sub-id-url')).toHaveTextContent('https://perevod.example/r/AbCd2345');
    fireEvent.change(screen.getByRole('textbox', { name: /Sub-ID/ }), { target: { value: 'stories' } });
    expect(screen.getByTestId('sub-id-url')).toHaveTextContent(
      'https://perevod.example/r/AbCd2345?sub=stories',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Sub-ID/ }), { target: { value: 'a/b' } });
    expect(screen.getByText('Sub-ID — латинские буквы, цифры, «_», «-» и «.»')).toBeInTheDocument();
    expect(screen.getByTestId('sub-id-url')).toHaveTextContent(/AbCd2345$/);
    const row = screen.getByTestId('links-table');
    expect(row).toHaveTextContent('12');
  });
});
