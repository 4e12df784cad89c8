import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedView } from '@app/contracts';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';
import { StaffOrdersPage } from './staff-orders-page';

const ORDER = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 1001,
  createdAt: '2026-03-05T10:00:00.000Z',
  status: 'IN_PROGRESS',
  amount: 1500,
  isPaid: false,
  ownerConfirmed: true,
  documents: [{ name: 'Паспорт', quantity: 2 }],
  originalLanguage: 'ru',
  targetLanguage: 'en',
  originalLanguageName: 'Русский',
  targetLanguageName: 'Английский',
  email: 'anna@example.ru',
  name: 'Анна Ковалёва',
  phoneNumber: '+79161112201',
  payerType: 'INDIVIDUAL',
  deliveryType: 'ELECTRONIC',
  pickupPointId: null,
  pickupPointName: null,
};

const PARTNER_A = '10000000-0000-4000-8000-00000000000a';
const PARTNER_B = '10000000-0000-4000-8000-00000000000b';
const POINT_A1 = '20000000-0000-4000-8000-0000000000a1';
const POINT_A2 = '20000000-0000-4000-8000-0000000000a2';
const POINT_B1 = '20000000-0000-4000-8000-0000000000b1';

describe('staff orders page', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
  });

  it('reads the filters from the URL, sends them to the API and writes changes back to the URL', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      if (url.pathname === '/api/order') {
        calls.push(url.searchParams);
        return { items: [ORDER], nextCursor: null };
      }
      return undefined;
    });
    const path = '/crm/orders';
    const { router } = renderInCabinet(<StaffOrdersPage />, {
      routes: [{ path, element: <StaffOrdersPage /> }],
      path: `${path}?status=NEW,READY&payerType=ORGANIZATION&isPaid=true&search=Анна`,
    });
    expect(await screen.findByText('Анна Ковалёва')).toBeInTheDocument();
    const first = calls[0]!;
    expect(first.get('status')).toBe('NEW,READY');
    expect(first.get('payerType')).toBe('ORGANIZATION');
    expect(first.get('isPaid')).toBe('true');
    expect(first.get('search')).toBe('Анна');
    expect(screen.getByLabelText('Поиск')).toHaveValue('Анна');

    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: '+79161112201' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Поиск заказов' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('search')).toBe('+79161112201');
      expect(params.get('status')).toBe('NEW,READY');
      expect(params.get('payerType')).toBe('ORGANIZATION');
    });
    await waitFor(() => expect(calls.at(-1)!.get('search')).toBe('+79161112201'));
  });

  it('filters by partner, then by one of its pickup points, through the URL', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      if (url.pathname === '/api/order') {
        calls.push(url.searchParams);
        return { items: [ORDER], nextCursor: null };
      }
      if (url.pathname === '/api/order/filter-options') {
        return {
          partners: [
            {
              id: PARTNER_A,
              name: 'ПВЗ-Сервис',
              points: [
                { id: POINT_A1, name: 'ПВЗ «Таганская»', isActive: true },
                { id: POINT_A2, name: 'ПВЗ «Белорусская»', isActive: false },
              ],
            },
            {
              id: PARTNER_B,
              name: 'Второй партнёр',
              points: [{ id: POINT_B1, name: 'ПВЗ «Сокол»', isActive: true }],
            },
          ],
        };
      }
      return undefined;
    });
    const path = '/crm/orders';
    const { router } = renderInCabinet(<StaffOrdersPage />, {
      routes: [{ path, element: <StaffOrdersPage /> }],
      path: `${path}?partnerId=${PARTNER_A}`,
    });
    expect(await screen.findByText('Анна Ковалёва')).toBeInTheDocument();
    expect(calls[0]!.get('partnerId')).toBe(PARTNER_A);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Партнёр' })).toHaveValue('ПВЗ-Сервис'));

    // Only the chosen partner's points are offered; an inactive one is marked.
    fireEvent.click(screen.getByRole('combobox', { name: 'Пункт выдачи' }));
    expect(await screen.findByRole('option', { name: 'ПВЗ «Белорусская» (отключён)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'ПВЗ «Сокол»' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'ПВЗ «Таганская»' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('partnerId')).toBe(PARTNER_A);
      expect(params.get('pointId')).toBe(POINT_A1);
    });
    await waitFor(() => expect(calls.at(-1)!.get('pointId')).toBe(POINT_A1));

    // Another partner drops the point that is not theirs.
    fireEvent.click(screen.getByRole('combobox', { name: 'Партнёр' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Второй партнёр' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('partnerId')).toBe(PARTNER_B);
      expect(params.get('pointId')).toBeNull();
    });
    // Mantine's comboboxes are slow in jsdom on a busy machine.
  }, 20_000);

  it('a failed load shows its error after one quick retry, with «Повторить» that loads the list', async () => {
    let calls = 0;
    let isDown = true;
    mockApi((url) => {
      if (url.pathname !== '/api/order') return undefined;
      calls += 1;
      return isDown
        ? jsonResponse({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Сервис недоступен' }, 503)
        : { items: [ORDER], nextCursor: null, total: 1 };
    });
    renderInCabinet(<StaffOrdersPage />, {
      routes: [{ path: '/crm/orders', element: <StaffOrdersPage /> }],
      path: '/crm/orders',
    });
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    expect(screen.getByText('Не удалось загрузить заказы')).toBeInTheDocument();
    expect(calls).toBe(2);
    isDown = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Анна Ковалёва')).toBeInTheDocument();
    expect(screen.getByText('Найдено: 1')).toBeInTheDocument();
    expect(calls).toBe(3);
  });

  it('a refused load (4xx) is not retried', async () => {
    let calls = 0;
    mockApi((url) => {
      if (url.pathname !== '/api/order') return undefined;
      calls += 1;
      return jsonResponse({ statusCode: 400, code: 'BAD_REQUEST', message: 'Некорректный курсор' }, 400);
    });
    renderInCabinet(<StaffOrdersPage />, {
      routes: [{ path: '/crm/orders', element: <StaffOrdersPage /> }],
      path: '/crm/orders',
    });
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('sorts by a column header: aria-sort follows the URL, a second click flips it, the API gets the sort', async () => {
    const calls: URLSearchParams[] = [];
    mockApi((url) => {
      if (url.pathname === '/api/order') {
        calls.push(url.searchParams);
        return { items: [ORDER], nextCursor: null };
      }
      return undefined;
    });
    const path = '/crm/orders';
    const { router } = renderInCabinet(<StaffOrdersPage />, {
      routes: [{ path, element: <StaffOrdersPage /> }],
      path: `${path}?sort=number`,
    });
    expect(await screen.findByText('Анна Ковалёва')).toBeInTheDocument();
    expect(calls[0]!.get('sort')).toBe('number');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('№')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Сумма')).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(screen.getByRole('button', { name: 'Сумма' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('-amount'),
    );
    // The list reloads with the new sort, then draws its headers again.
    await waitFor(() => expect(header('Сумма')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('№')).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(calls.at(-1)!.get('sort')).toBe('-amount'));

    fireEvent.click(screen.getByRole('button', { name: 'Сумма' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('amount'));
    await waitFor(() => expect(header('Сумма')).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(calls.at(-1)!.get('sort')).toBe('amount'));
  });

  it('saves the current filters as a named view, applies a view to the URL and deletes it', async () => {
    const calls: URLSearchParams[] = [];
    let views: SavedView[] = [
      {
        id: '30000000-0000-4000-8000-000000000001',
        name: 'Неоплаченные новые',
        query: { status: 'NEW', isPaid: 'false' },
        createdAt: '2026-03-05T10:00:00.000Z',
      },
    ];
    const posted: unknown[] = [];
    const deleted: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/order') {
        calls.push(url.searchParams);
        return { items: [ORDER], nextCursor: null };
      }
      if (url.pathname === '/api/order/views' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; query: Record<string, string> };
        posted.push(body);
        const view = {
          id: '30000000-0000-4000-8000-000000000002',
          createdAt: '2026-03-06T10:00:00.000Z',
          ...body,
        };
        views = [...views, view];
        return jsonResponse(view, 201);
      }
      if (url.pathname === '/api/order/views') return { items: views, nextCursor: null };
      const removed = /^\/api\/order\/views\/(.+)$/.exec(url.pathname)?.[1];
      if (removed && init?.method === 'DELETE') {
        deleted.push(removed);
        views = views.filter((view) => view.id !== removed);
        return { success: true };
      }
      return undefined;
    });
    const path = '/crm/orders';
    const { router } = renderInCabinet(<StaffOrdersPage />, {
      routes: [{ path, element: <StaffOrdersPage /> }],
      path: `${path}?payerType=ORGANIZATION&sort=-amount`,
    });
    expect(await screen.findByText('Анна Ковалёва')).toBeInTheDocument();

    // Save: the current filters (as the URL has them) under a name.
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить вид' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сохранить текущие фильтры' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Название/ }), {
      target: { value: '  Организации по сумме ' },
    });
    fireEvent.submit(
      within(dialog)
        .getByRole('textbox', { name: /Название/ })
        .closest('form')!,
    );
    await waitFor(() =>
      expect(posted).toEqual([
        { name: 'Организации по сумме', query: { payerType: 'ORGANIZATION', sort: '-amount' } },
      ]),
    );

    // Apply: another view replaces the filters in the URL and the list asks for them.
    fireEvent.click(screen.getByRole('combobox', { name: 'Сохранённые виды' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Неоплаченные новые' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('status')).toBe('NEW');
      expect(params.get('isPaid')).toBe('false');
      expect(params.get('payerType')).toBeNull();
      expect(params.get('sort')).toBeNull();
    });
    await waitFor(() => expect(calls.at(-1)!.get('status')).toBe('NEW'));

    // Delete the chosen view: gone from the server and from the menu.
    fireEvent.click(screen.getByRole('button', { name: 'Удалить вид «Неоплаченные новые»' }));
    await waitFor(() => expect(deleted).toEqual(['30000000-0000-4000-8000-000000000001']));
    fireEvent.click(screen.getByRole('combobox', { name: 'Сохранённые виды' }));
    expect(await screen.findByRole('option', { name: 'Организации по сумме' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Неоплаченные новые' })).toBeNull();
  }, 20_000);
});
