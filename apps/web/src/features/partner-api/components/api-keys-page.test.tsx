import type { ApiKey } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { ApiKeysPage } from './api-keys-page';

const SECRET = `pk_live_ab12cd34_${'Z'.repeat(40)}`;
const KEY: ApiKey = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Сайт клиники',
  prefix: 'ab12cd34',
  scopes: ['quote', 'orders:create'],
  allowedIps: ['203.0.113.0/24'],
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

describe('integrator API keys page (decision 070)', () => {
  let created: unknown[];
  let keys: ApiKey[];
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    created = [];
    keys = [];
    window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc');
    writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi(async (url, init) => {
      if (url.pathname === '/api/partner/integrator/api-keys' && init?.method === 'POST') {
        created.push(JSON.parse(String(init.body)));
        keys = [KEY];
        return { key: KEY, secret: SECRET };
      }
      if (url.pathname === '/api/partner/integrator/api-keys') return { items: keys, maxActive: 10 };
      return undefined;
    });
  });

  it('shows the whole key once, copies it, and forgets it when the window closes', async () => {
    renderInCabinet(<ApiKeysPage />, { path: '/partner/integrator/api-keys' });
    await screen.findByText('Ключей пока нет: создайте первый');
    fireEvent.change(screen.getByRole('textbox', { name: /Название/ }), {
      target: { value: 'Сайт клиники' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Чтение своих заказов/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Разрешённые IP-адреса/ }), {
      target: { value: '203.0.113.0/24\n\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ключ создан' });
    expect(within(dialog).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(within(dialog).getByText(/показывается только один раз/)).toBeInTheDocument();
    expect(created).toEqual([
      { name: 'Сайт клиники', scopes: ['quote', 'orders:create'], allowedIps: ['203.0.113.0/24'] },
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Копировать ключ' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(dialog).findByRole('button', { name: 'Скопировано' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Я сохранил ключ' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Ключ создан' })).not.toBeInTheDocument(),
    );
    // The list shows the prefix only; the whole key is nowhere on the page any more.
    const table = await screen.findByTestId('api-keys-table');
    await within(table).findByText('pk_live_ab12cd34_…');
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByTestId('api-keys-active')).toHaveTextContent('Активных ключей: 1 из 10');
  });

  it('refuses an empty name and no scopes with the contract’s messages, sending nothing', async () => {
    renderInCabinet(<ApiKeysPage />, { path: '/partner/integrator/api-keys' });
    await screen.findByText('Ключей пока нет: создайте первый');
    for (const name of [/Расчёт цены/, /Создание заказов/, /Чтение своих заказов/])
      fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('Укажите название ключа (до 100 символов)')).toBeInTheDocument();
    expect(screen.getByText('Выберите хотя бы одно право ключа')).toBeInTheDocument();
    expect(created).toEqual([]);
  });
});
