import type { WebhookEndpoint } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PartnerWebhooksPage } from './webhooks-page';

const ENDPOINT: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-000000000001',
  url: 'https://crm.example.ru/hooks',
  description: 'CRM',
  events: ['order.created', 'order.status_changed'],
  status: 'DISABLED',
  consecutiveFailures: 5,
  disabledAt: '2026-11-20T09:00:00.000Z',
  disabledReason: 'Отключён автоматически: 5 отправок подряд не доставлены',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastDelivery: { status: 'FAILED', responseCode: 500, at: '2026-11-20T09:00:00.000Z' },
};
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('partner webhooks page (decision 071)', () => {
  let created: unknown[];
  beforeEach(() => {
    created = [];
    window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc');
    mockApi(async (url, init) => {
      if (url.pathname === '/api/partner/webhooks' && init?.method === 'POST') {
        created.push(JSON.parse(String(init.body)));
        return { endpoint: { ...ENDPOINT, id: '00000000-0000-4000-8000-000000000002' }, secret: SECRET };
      }
      if (url.pathname === '/api/partner/webhooks') return { items: [ENDPOINT], limit: 5 };
      return undefined;
    });
  });

  it('refuses a URL without a scheme, then shows the secret once after creation', async () => {
    renderInCabinet(<PartnerWebhooksPage />, { path: '/partner/integrator/webhooks' });
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByText(/Отключён автоматически/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Включить' })).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /URL/ }), {
      target: { value: 'crm.example.ru/hooks' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить адрес' }));
    expect(await screen.findByText(/Адрес — полный URL с https:\/\//)).toBeInTheDocument();
    expect(created).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /URL/ }), {
      target: { value: 'https://crm.example.ru/new' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /commission\.paid/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить адрес' }));
    await waitFor(() =>
      expect(created).toEqual([
        {
          url: 'https://crm.example.ru/new',
          description: '',
          events: ['order.created', 'order.paid', 'order.status_changed', 'commission.created'],
        },
      ]),
    );
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Я сохранил секрет' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });

  it('documents the signature: headers, the signed string and a Node example with timingSafeEqual', async () => {
    renderInCabinet(<PartnerWebhooksPage />, { path: '/partner/integrator/webhooks' });
    await screen.findByTestId('webhook-endpoint');
    const docs = screen.getByRole('heading', { name: 'Как проверить подпись' }).parentElement!;
    expect(docs).toHaveTextContent('Webhook-Signature');
    expect(docs).toHaveTextContent('<timestamp>.<тело запроса>');
    expect(docs).toHaveTextContent('timingSafeEqual');
    expect(docs).toHaveTextContent('TOLERANCE_SECONDS = 300');
  });
});
