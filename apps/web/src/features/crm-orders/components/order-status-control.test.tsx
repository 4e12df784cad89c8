import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInCabinet } from '@/test/render';
import { OrderStatusControl } from './order-status-control';

async function optionsFor(status: 'READY' | 'IN_PROGRESS') {
  renderInCabinet(<OrderStatusControl status={status} onSubmit={vi.fn()} />);
  fireEvent.click(screen.getByLabelText('Новый статус', { selector: 'input' }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('order status control', () => {
  it('offers only the allowed next statuses', async () => {
    expect(await optionsFor('READY')).toEqual(['Доставляется', 'Выполнен', 'В работе', 'Отменён']);
  });

  it('offers READY and cancel for an order in progress', async () => {
    expect(await optionsFor('IN_PROGRESS')).toEqual(['Готов', 'Отменён']);
  });

  it('says a final status does not change', () => {
    renderInCabinet(<OrderStatusControl status="COMPLETED" onSubmit={vi.fn()} />);
    expect(screen.getByText('Статус заказа окончательный и больше не меняется.')).toBeInTheDocument();
  });
});
