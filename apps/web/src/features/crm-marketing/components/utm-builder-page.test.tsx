import { MARKETING_MESSAGES, type MarketingUtmLinksResponse } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { UtmBuilderPage, validateUtmLink } from './utm-builder-page';

const LINKS: MarketingUtmLinksResponse = {
  period: { from: '2031-05-01', to: '2031-05-02' },
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Весна',
      baseUrl: 'https://perevod.example/',
      url: 'https://perevod.example/?utm_source=yandex&utm_medium=cpc&utm_campaign=spring',
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmContent: null,
      utmTerm: null,
      createdAt: '2031-05-01T10:00:00Z',
      sessions: 12,
      orders: 3,
      paidOrders: 2,
      revenue: 5_000,
    },
  ],
};

const VALID = {
  name: 'Весна',
  baseUrl: 'https://perevod.example/order',
  utmSource: 'yandex',
  utmMedium: 'cpc',
  utmCampaign: 'spring',
  utmContent: '',
  utmTerm: '',
};

describe('UTM builder rules', () => {
  it('takes our own site or an https address, and requires source, medium and campaign', () => {
    const origin = 'http://localhost:3000';
    expect(validateUtmLink(VALID, origin)).toEqual({});
    expect(validateUtmLink({ ...VALID, baseUrl: 'http://localhost:3000/order' }, origin)).toEqual({});
    for (const baseUrl of ['http://elsewhere.example/', 'javascript:alert(1)', 'perevod.example', '']) {
      expect(validateUtmLink({ ...VALID, baseUrl }, origin).baseUrl, baseUrl).toBe(
        MARKETING_MESSAGES.baseUrlInvalid,
      );
    }
    const missing = validateUtmLink({ ...VALID, utmSource: ' ', utmMedium: '', utmCampaign: '' }, origin);
    expect(Object.keys(missing).sort()).toEqual(['utmCampaign', 'utmMedium', 'utmSource']);
    expect(validateUtmLink({ ...VALID, utmTerm: 'a&b' }, origin).utmTerm).toBe(
      MARKETING_MESSAGES.utmTagInvalid,
    );
  });
});

describe('UTM builder page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('shows the errors next to the fields, the tagged link once valid, and saves it', async () => {
    const saved: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/marketing/utm-links' && init?.method === 'POST') {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse({ ...LINKS.items[0], id: '00000000-0000-4000-8000-000000000002' }, 201);
      }
      if (url.pathname === '/api/marketing/utm-links') return LINKS;
      return undefined;
    });
    const path = '/crm/marketing/utm-builder';
    renderInCabinet(<UtmBuilderPage />, {
      routes: [{ path, element: <UtmBuilderPage /> }],
      path: `${path}?from=2031-05-01&to=2031-05-02`,
    });
    expect(await screen.findByText('Весна', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByTestId('marketing-utm-links-table')).toHaveTextContent('12');

    fireEvent.change(screen.getByRole('textbox', { name: /Адрес страницы/ }), {
      target: { value: 'http://elsewhere.example/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить ссылку' }));
    expect(await screen.findByText(MARKETING_MESSAGES.baseUrlInvalid)).toBeInTheDocument();
    expect(screen.getAllByText(MARKETING_MESSAGES.textRequired).length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByTestId('utm-preview')).not.toBeInTheDocument();
    expect(saved).toHaveLength(0);

    const type = (name: RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    type(/Адрес страницы/, 'https://perevod.example/order');
    type(/utm_source/, 'vk');
    type(/utm_medium/, 'social');
    type(/utm_campaign/, 'autumn');
    type(/utm_content/, 'post 1');
    expect(await screen.findByTestId('utm-preview')).toHaveTextContent(
      'https://perevod.example/order?utm_source=vk&utm_medium=social&utm_campaign=autumn&utm_content=post+1',
    );
    expect(screen.getByRole('button', { name: 'Копировать ссылку' })).toBeInTheDocument();
    type(/Название для списка/, 'Осень ВК');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить ссылку' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Осень ВК',
      baseUrl: 'https://perevod.example/order',
      utmSource: 'vk',
      utmMedium: 'social',
      utmCampaign: 'autumn',
      utmContent: 'post 1',
      utmTerm: null,
    });
  });
});
