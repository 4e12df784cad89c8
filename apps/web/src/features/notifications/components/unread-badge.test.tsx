import type { Notification, Profile } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { resetSessionForTests } from '@/lib/session/session-store';
import { mockApi, renderInCabinet } from '@/test/render';
import { selectArrivals } from '../hooks/use-notifications-watch';

const PROFILE: Profile = {
  id: 'u1',
  email: 'anna@example.ru',
  phoneNumber: null,
  telegramId: null,
  firstName: null,
  lastName: null,
  username: null,
  photoUrl: null,
  role: 'USER',
  organization: null,
};

function notification(id: string, createdAt: string, isRead = false): Notification {
  return {
    id,
    type: 'order_paid',
    title: `Заказ ${id}`,
    body: 'Оплата получена',
    orderId: null,
    isRead,
    createdAt,
  };
}

describe('unread notifications in the cabinet menu', () => {
  beforeEach(() => resetSessionForTests());

  it('shows the unread count on the bottom navigation item and the header link', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/profile') return PROFILE;
      if (url.pathname === '/api/notifications') {
        return { items: [notification('n1', '2025-03-05T10:00:00.000Z')], unreadCount: 3 };
      }
      if (url.pathname === '/api/order/my') return { items: [] };
      return { telegramBotName: null };
    });
    renderInCabinet(<div />, { path: '/cabinet/orders', routes });

    expect(await screen.findByTestId('bottom-nav-notifications-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('header-notifications-badge')).toHaveTextContent('3');
  });

  it('shows no badge with nothing unread, and the count follows a refresh', async () => {
    let unreadCount = 0;
    mockApi((url) => {
      if (url.pathname === '/api/profile') return PROFILE;
      if (url.pathname === '/api/notifications') return { items: [], unreadCount };
      if (url.pathname === '/api/order/my') return { items: [] };
      return { telegramBotName: null };
    });
    const { queryClient } = renderInCabinet(<div />, { path: '/cabinet/orders', routes });

    await screen.findByText('Заказов пока нет');
    expect(screen.queryByTestId('bottom-nav-notifications-badge')).not.toBeInTheDocument();

    unreadCount = 120;
    await act(() => queryClient.refetchQueries({ queryKey: ['cabinet', 'notifications'] }));
    await waitFor(() =>
      expect(screen.getByTestId('bottom-nav-notifications-badge')).toHaveTextContent('99+'),
    );
  });

  it('toasts only what arrived after the last seen one, oldest first', () => {
    const items = [
      notification('n3', '2025-03-05T10:02:00.000Z'),
      notification('n2', '2025-03-05T10:01:00.000Z'),
      notification('n1', '2025-03-05T10:00:00.000Z'),
    ];
    expect(selectArrivals(items, '2025-03-05T10:00:00.000Z').map((item) => item.id)).toEqual(['n2', 'n3']);
  });
});
