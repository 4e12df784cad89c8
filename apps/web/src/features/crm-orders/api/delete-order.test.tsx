import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { useDeleteOrder, useStaffOrderDetail } from './staff-orders';

const ID = '00000000-0000-4000-8000-000000000001';

/** The order page's use of the two hooks: the order is shown, «Удалить заказ» deletes it and leaves for the list. */
function OrderPageProbe() {
  const order = useStaffOrderDetail(ID);
  const navigate = useNavigate();
  const remove = useDeleteOrder(ID, () => navigate('/crm/orders'));
  if (!order.data) return <p>{order.isError ? 'Не удалось загрузить заказ' : 'Загрузка'}</p>;
  return (
    <button type="button" onClick={() => remove.mutate()}>
      Удалить заказ
    </button>
  );
}

describe('deleting an order in the CRM', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('goes to the list and never asks for the deleted order again (no 404)', async () => {
    let deleted = false;
    const detailCalls: boolean[] = [];
    mockApi((url, init) => {
      if (url.pathname === `/api/order/${ID}`) {
        detailCalls.push(deleted);
        return deleted ? undefined : { id: ID, number: 100001 };
      }
      if (url.pathname === '/api/order' && init?.method === 'DELETE') {
        deleted = true;
        return { success: true };
      }
      if (url.pathname === '/api/order') return { items: [] };
      return undefined;
    });
    const { router } = renderInCabinet(<OrderPageProbe />, {
      path: `/crm/orders/${ID}`,
      routes: [
        { path: '/crm/orders/:id', element: <OrderPageProbe /> },
        { path: '/crm/orders', element: <h1>Список заказов</h1> },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить заказ' }));
    expect(await screen.findByRole('heading', { name: 'Список заказов' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/orders'));
    // Give a refetch the time it would take, then check none was made after the deletion.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(detailCalls).toEqual([false]);
  });
});
