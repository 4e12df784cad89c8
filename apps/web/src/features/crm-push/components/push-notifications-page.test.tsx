import { MESSAGES, type PushCampaign } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PushNotificationsPage } from './push-notifications-page';

const CUSTOMER = {
  id: '00000000-0000-4000-8000-000000000011',
  email: 'anna@example.ru',
  name: 'Анна Ковалёва',
  phoneNumber: '+79161112201',
  role: 'USER',
  subscriptions: 2,
};

function campaign(overrides: Partial<PushCampaign>): PushCampaign {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    audience: 'user',
    user: { id: CUSTOMER.id, email: CUSTOMER.email },
    title: 'Скидка',
    body: 'Апостиль со скидкой',
    url: null,
    status: 'sending',
    recipients: 1,
    delivered: 0,
    failed: 0,
    removed: 0,
    error: null,
    sentBy: 'manager@demo.local',
    createdAt: '2026-03-05T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('push notifications page', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // The autosizing text area listens for web fonts; jsdom has no FontFaceSet.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
  });

  it('sends to one picked user (ADMIN) and shows the counts once the queue has sent it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
    const posts: unknown[] = [];
    let reads = 0;
    mockApi((url, init) => {
      if (url.pathname === '/api/admin/push/recipients') return { items: [CUSTOMER] };
      if (url.pathname === '/api/admin/push' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(campaign({})), {
          status: 202,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (url.pathname === '/api/admin/push') return { items: [] };
      if (url.pathname.startsWith('/api/admin/push/')) {
        reads += 1;
        return campaign(reads < 2 ? {} : { status: 'done', delivered: 1, failed: 1, removed: 1 });
      }
      return undefined;
    });
    renderInCabinet(<PushNotificationsPage />, { path: '/crm/push-notifications' });

    // Nothing goes out without a recipient and with a link to another site over http.
    fill('Заголовок', 'Скидка');
    fill('Текст', 'Апостиль со скидкой');
    fill('Ссылка', 'http://evil.example');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText(MESSAGES.pushUserRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.pushUrlInvalid)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    fill('Ссылка', '/order?promo=APOSTILLE');
    fireEvent.click(screen.getByPlaceholderText('E-mail, телефон или имя'));
    fireEvent.click(await screen.findByRole('option', { name: /anna@example\.ru/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      audience: 'user',
      userId: CUSTOMER.id,
      title: 'Скидка',
      body: 'Апостиль со скидкой',
      url: '/order?promo=APOSTILLE',
    });
    const result = await screen.findByRole('region', { name: 'Результат отправки' });
    await waitFor(() => expect(within(result).getByText('Отправлено')).toBeInTheDocument(), {
      timeout: 5_000,
    });
    expect(within(result).getByRole('group', { name: 'Доставлено' })).toHaveTextContent('1');
    expect(within(result).getByRole('group', { name: 'Ошибок' })).toHaveTextContent('1');
    expect(within(result).getByRole('group', { name: 'Удалено подписок' })).toHaveTextContent('1');
    // The form is ready for the next message.
    expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue('');
  });

  it('offers MANAGER no message to one picked user: the picker is the user directory (decision 021)', async () => {
    const requested: string[] = [];
    mockApi((url) => {
      requested.push(url.pathname);
      return { items: [] };
    });
    renderInCabinet(<PushNotificationsPage />, { path: '/crm/push-notifications' });
    expect(await screen.findByRole('radio', { name: 'Все клиенты' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Сотрудники' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Один пользователь' })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('E-mail, телефон или имя')).not.toBeInTheDocument();
    expect(requested).not.toContain('/api/admin/push/recipients');
  });

  it('asks for confirmation before a message to all customers', async () => {
    const posts: Array<{ audience: string }> = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/admin/push' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)) as { audience: string });
        return campaign({ audience: 'customers', user: null, recipients: 40 });
      }
      if (url.pathname === '/api/admin/push') return { items: [] };
      if (url.pathname.startsWith('/api/admin/push/'))
        return campaign({ audience: 'customers', user: null, recipients: 40, status: 'done', delivered: 12 });
      return { items: [] };
    });
    renderInCabinet(<PushNotificationsPage />, { path: '/crm/push-notifications' });
    fireEvent.click(screen.getByText('Все клиенты'));
    fill('Заголовок', 'Новости');
    fill('Текст', 'Мы открыли новый офис.');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Отправить сообщение всем клиентам?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const again = await screen.findByRole('dialog', { name: 'Отправить сообщение всем клиентам?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Отправить всем' }));
    await waitFor(() => expect(posts).toEqual([expect.objectContaining({ audience: 'customers' })]));
    const result = await screen.findByRole('region', { name: 'Результат отправки' });
    await waitFor(() =>
      expect(within(result).getByRole('group', { name: 'Доставлено' })).toHaveTextContent('12'),
    );
    expect(within(result).getByRole('group', { name: 'В кабинете' })).toHaveTextContent('40');
  });
});
