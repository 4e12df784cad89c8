import type { NotificationListResponse } from '@app/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const NOTIFICATIONS_KEY = ['cabinet', 'notifications'] as const;
/** Spec 2 monitoring pages and the unread counter refresh alike: every 30 s, and on focus. */
export const NOTIFICATIONS_POLL_MS = 30_000;

export function fetchNotifications(query: { limit: number; cursor?: string }) {
  return api.get<NotificationListResponse>('/notifications', { query, area: 'cabinet' });
}

/** The newest few with the unread count: the menu badge and the toasts of new arrivals. */
export const latestNotificationsQueryOptions = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'latest'],
  queryFn: () => fetchNotifications({ limit: 10 }),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchOnWindowFocus: 'always',
  staleTime: 0,
  // A poll that fails (offline) should not toast every 30 s; the page shows its own errors.
  meta: { silent: true },
});

export function useLatestNotifications(enabled = true) {
  return useQuery({ ...latestNotificationsQueryOptions, enabled });
}

export const notificationsListQueryOptions = infiniteQueryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'list'],
  queryFn: ({ pageParam }) => fetchNotifications({ limit: 20, cursor: pageParam }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
  staleTime: 0,
});

export function useNotificationsList() {
  return useInfiniteQuery(notificationsListQueryOptions);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/notifications/${encodeURIComponent(id)}/read`, undefined, { area: 'cabinet' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/notifications/read-all', undefined, { area: 'cabinet' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
