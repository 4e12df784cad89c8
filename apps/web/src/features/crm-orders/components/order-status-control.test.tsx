import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInCabinet } from '@/test/render';
import { OrderStatusControl } from './order-status-control';

const moscowToday = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);

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

  it('says which note the customer gets by e-mail and which stays internal (decision 048)', async () => {
    const onSubmit = vi.fn();
    renderInCabinet(<OrderStatusControl status="IN_PROGRESS" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByLabelText('Новый статус', { selector: 'input' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Готов' }));
    fireEvent.change(screen.getByLabelText('Комментарий для клиента (придёт в письме)'), {
      target: { value: 'Можно забирать' },
    });
    fireEvent.change(screen.getByLabelText('Внутренняя заметка (клиент не увидит)'), {
      target: { value: 'Проверила Ольга' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить статус' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { status: 'READY', comment: 'Можно забирать', internalNote: 'Проверила Ольга' },
        expect.any(Function),
      ),
    );
  });

  it('says a final status does not change', () => {
    renderInCabinet(<OrderStatusControl status="COMPLETED" onSubmit={vi.fn()} />);
    expect(screen.getByText('Статус заказа окончательный и больше не меняется.')).toBeInTheDocument();
  });

  it('asks an unpaid order for its payment outside the system before moving it past PAID', async () => {
    const onSubmit = vi.fn();
    renderInCabinet(<OrderStatusControl status="READY" isPaid={false} onSubmit={onSubmit} />);
    const choose = async (label: string, option: string) => {
      fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
      fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    await choose('Новый статус', 'Выполнен');
    expect(screen.getByRole('group', { name: 'Оплата вне системы' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить статус' }));
    expect(await screen.findByText('Укажите способ оплаты')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await choose('Способ оплаты', 'Наличные');
    // The Russian picker shows today (Moscow) until another day is picked.
    const today = moscowToday();
    expect(screen.getByRole('button', { name: 'Дата оплаты' })).toHaveTextContent(
      `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Изменить статус' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        {
          status: 'COMPLETED',
          comment: '',
          internalNote: '',
          manualPayment: { method: 'cash', paidOn: today, comment: null },
        },
        expect.any(Function),
      ),
    );
  });

  it('asks a paid order for nothing more', async () => {
    renderInCabinet(<OrderStatusControl status="READY" isPaid onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('Новый статус', { selector: 'input' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Выполнен' }));
    expect(screen.queryByRole('group', { name: 'Оплата вне системы' })).toBeNull();
  });

  it('lets ADMIN correct a COMPLETED order back, with a reason', async () => {
    const onSubmit = vi.fn();
    renderInCabinet(<OrderStatusControl status="COMPLETED" canCorrect onSubmit={onSubmit} />);
    fireEvent.click(screen.getByLabelText('Новый статус', { selector: 'input' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['В работе', 'Готов', 'Доставляется']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Готов' }));
    fireEvent.click(screen.getByRole('button', { name: 'Изменить статус' }));
    expect(await screen.findByText('Укажите причину исправления статуса')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Причина исправления/), { target: { value: 'Закрыт по ошибке' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить статус' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { status: 'READY', comment: 'Закрыт по ошибке', internalNote: '' },
        expect.any(Function),
      ),
    );
  });
});
