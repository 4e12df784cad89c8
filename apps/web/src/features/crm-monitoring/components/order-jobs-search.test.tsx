import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrderJobsSearch } from './order-jobs-search';

const ORDER_ID = '3f2c8a10-0000-4000-8000-000000000001';
const ORDER = { id: ORDER_ID, number: 1024 };
const WAITING_JOB = {
  id: 'a0000000-0000-4000-8000-000000000000',
  queue: 'notification-tasks',
  name: 'send-email',
  state: 'created',
  data: { orderId: ORDER_ID },
  delay: 0,
  processedOn: null,
  finishedOn: null,
  failedReason: null,
  timestamp: Date.now() - 1000,
  attemptsMade: 0,
  opts: { delay: 0 },
};

function search(value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Номер заказа' }), { target: { value } });
  fireEvent.submit(screen.getByRole('search', { name: 'Поиск задач заказа' }));
}

describe('order jobs search (automation tab)', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('refuses an empty or malformed order number without calling the API', async () => {
    const fetchMock = mockApi(() => undefined);
    renderInCabinet(<OrderJobsSearch canManage />);
    search('   ');
    expect(await screen.findByText('Введите номер заказа')).toBeInTheDocument();
    search('заказ сорок два');
    expect(await screen.findByText('Введите номер заказа цифрами или его ID')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finds the order by its exact number and says when it has no jobs', async () => {
    const searched: string[] = [];
    mockApi((url) => {
      if (url.pathname === '/api/order') {
        searched.push(url.searchParams.get('search') ?? '');
        // The staff search also matches phone digits: only the exact number counts.
        return { items: [{ id: 'other', number: 10240 }, ORDER] };
      }
      if (url.pathname === `/api/admin/queue/order/${ORDER_ID}`) return { success: true, data: [] };
      return undefined;
    });
    renderInCabinet(<OrderJobsSearch canManage />);
    search('№ 1024');
    expect(await screen.findByText('Задач для данного заказа не найдено')).toBeInTheDocument();
    expect(searched).toEqual(['1024']);
    expect(screen.getByRole('link', { name: 'Заказ № 1024' })).toHaveAttribute(
      'href',
      `/crm/monitoring/order/${ORDER_ID}`,
    );
  });

  it('says when no order has that number', async () => {
    mockApi((url) => (url.pathname === '/api/order' ? { items: [] } : undefined));
    renderInCabinet(<OrderJobsSearch canManage />);
    search('77');
    expect(await screen.findByText('Заказ № 77 не найден')).toBeInTheDocument();
  });

  it('cancels the order jobs only after a confirmation', async () => {
    const deletes: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/order') return { items: [ORDER] };
      if (url.pathname === `/api/admin/queue/order/${ORDER_ID}`) {
        if (init?.method === 'DELETE') {
          deletes.push(url.pathname);
          return { success: true, message: 'Отменено задач: 1', cancelled: 1 };
        }
        return { success: true, data: deletes.length > 0 ? [] : [WAITING_JOB] };
      }
      return undefined;
    });
    renderInCabinet(<OrderJobsSearch canManage />);
    search('1024');
    const result = await screen.findByTestId('order-jobs-result');
    expect(within(result).getByTestId('task-status')).toHaveTextContent('Ожидает');
    fireEvent.click(within(result).getByRole('button', { name: 'Отменить все задачи (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить задачи заказа?' });
    expect(deletes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить задачи' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByText('Задач для данного заказа не найдено')).toBeInTheDocument();
  });

  it('offers no cancel button to a role that cannot manage jobs', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/order') return { items: [ORDER] };
      if (url.pathname === `/api/admin/queue/order/${ORDER_ID}`)
        return { success: true, data: [WAITING_JOB] };
      return undefined;
    });
    renderInCabinet(<OrderJobsSearch canManage={false} />);
    search('1024');
    expect(await screen.findByTestId('order-jobs-result')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отменить все задачи/ })).toBeNull();
  });
});
