import type { UserListItem } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { UsersPage } from './users-page';

const MANAGER: UserListItem = {
  id: '10000000-0000-4000-8000-000000000001',
  email: 'olga@example.ru',
  role: 'MANAGER',
  firstName: 'Ольга',
  lastName: null,
  phoneNumber: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};

// Decision 048 (issue 17): a role changes only after a confirmation showing old → new.
describe('users page: role change', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('asks before changing a role, showing old → new; cancelling changes nothing', async () => {
    const patches: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/user/list') return { items: [MANAGER] };
      if (url.pathname === '/api/admin/crm-access-requests') return { items: [], total: 0 };
      if (url.pathname === `/api/user/${MANAGER.id}/role` && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { role: UserListItem['role'] };
        patches.push(body);
        return { ...MANAGER, role: body.role };
      }
      return undefined;
    });
    renderInCabinet(<UsersPage />, { path: '/crm/users' });

    const pick = async (option: string) => {
      fireEvent.click(await screen.findByLabelText('Роль: olga@example.ru', { selector: 'input' }));
      fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    await pick('Администратор');
    let dialog = await screen.findByRole('dialog', { name: 'Изменить роль?' });
    expect(within(dialog).getByText('Менеджер → Администратор')).toBeInTheDocument();
    expect(patches).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([]);

    await pick('Администратор');
    dialog = await screen.findByRole('dialog', { name: 'Изменить роль?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить роль' }));
    await waitFor(() => expect(patches).toEqual([{ role: 'ADMIN' }]));
  });
});
