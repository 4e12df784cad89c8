import type { Notification } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { showToast } from '@/lib/notify';
import { useLatestNotifications } from '../api/notifications';

/** The ones created after `since` (ISO), oldest first, so toasts stack in the order they happened. */
export function selectArrivals(items: readonly Notification[], since: string): Notification[] {
  const sinceMs = Date.parse(since);
  return items.filter((item) => Date.parse(item.createdAt) > sinceMs).reverse();
}

/**
 * Polls the newest notifications (every 30 s and on focus) for the unread counter of the menu, and shows
 * those that arrive while the app is open as toasts (they hide after 5 s, spec 9). What was there at the
 * first load is not toasted: the counter already tells about it.
 */
export function useNotificationsWatch(): { unreadCount: number } {
  const query = useLatestNotifications();
  const lastSeenAt = useRef<string | null>(null);
  const items = query.data?.items;

  useEffect(() => {
    if (!items) return;
    const newest = items[0]?.createdAt ?? new Date(0).toISOString();
    if (lastSeenAt.current === null) {
      lastSeenAt.current = newest;
      return;
    }
    for (const item of selectArrivals(items, lastSeenAt.current)) {
      if (!item.isRead) showToast({ kind: 'info', title: item.title, message: item.body });
    }
    if (Date.parse(newest) > Date.parse(lastSeenAt.current)) lastSeenAt.current = newest;
  }, [items]);

  return { unreadCount: query.data?.unreadCount ?? 0 };
}
