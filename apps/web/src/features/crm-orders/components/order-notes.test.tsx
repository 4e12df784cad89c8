import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderNote } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { OrderNotes } from './order-notes';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';

const note = (id: string, text: string, createdAt: string, canDelete: boolean): OrderNote => ({
  id,
  text,
  createdAt,
  author: { id: `user-${id}`, name: 'Мария Менеджерова', email: 'manager@demo.local' },
  canDelete,
});

describe('order notes', () => {
  let notes: OrderNote[];
  let posted: unknown[];
  let deleted: string[];

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
    notes = [
      note('n2', 'Позвонить после 18:00', '2026-03-05T12:00:00.000Z', true),
      note('n1', 'Оригинал у нас', '2026-03-05T10:00:00.000Z', false),
    ];
    posted = [];
    deleted = [];
    mockApi((url, init) => {
      const path = url.pathname;
      if (path === `/api/order/${ORDER_ID}/notes` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { text: string };
        posted.push(body);
        const created = note(`n${notes.length + 1}`, body.text, '2026-03-06T09:00:00.000Z', true);
        notes = [created, ...notes];
        return jsonResponse(created, 201);
      }
      if (path === `/api/order/${ORDER_ID}/notes`) return { items: notes };
      const removed = /\/notes\/(\w+)$/.exec(path)?.[1];
      if (removed && init?.method === 'DELETE') {
        deleted.push(removed);
        notes = notes.filter((item) => item.id !== removed);
        return { success: true };
      }
      return undefined;
    });
  });

  const render = () =>
    renderInCabinet(<OrderNotes orderId={ORDER_ID} />, { path: `/crm/orders/${ORDER_ID}` });

  it('lists notes as the server orders them (newest first), with delete only where allowed', async () => {
    render();
    const items = await screen.findAllByTestId('order-note');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Позвонить после 18:00'),
      expect.stringContaining('Оригинал у нас'),
    ]);
    expect(within(items[0]!).getByRole('button', { name: /Удалить заметку/ })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /Удалить заметку/ })).toBeNull();
    expect(items[0]!).toHaveTextContent('Мария Менеджерова · manager@demo.local');
  });

  it('adds a note with Ctrl+Enter, clears the field and shows the refetched list', async () => {
    render();
    await screen.findAllByTestId('order-note');
    const field = screen.getByRole('textbox', { name: /Новая заметка/ });
    fireEvent.change(field, { target: { value: '  Клиент заберёт сам  ' } });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(posted).toEqual([{ text: 'Клиент заберёт сам' }]));
    await waitFor(() => expect(screen.getAllByTestId('order-note')).toHaveLength(3));
    expect(screen.getAllByTestId('order-note')[0]).toHaveTextContent('Клиент заберёт сам');
    expect(field).toHaveValue('');
    // A plain Enter is a new line, not a submit.
    fireEvent.change(field, { target: { value: 'строка' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(posted).toHaveLength(1);
  });

  it('refuses an empty note with the catalogue message without calling the server', async () => {
    render();
    await screen.findAllByTestId('order-note');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить заметку' }));
    expect(await screen.findByText(MESSAGES.noteTextRequired)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('deletes a note only after confirmation', async () => {
    render();
    const [first] = await screen.findAllByTestId('order-note');
    fireEvent.click(within(first!).getByRole('button', { name: /Удалить заметку/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить заметку?' });
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(deleted).toEqual(['n2']));
    await waitFor(() => expect(screen.getAllByTestId('order-note')).toHaveLength(1));
  });
});
