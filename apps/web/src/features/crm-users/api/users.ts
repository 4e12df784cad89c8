import type { CrmAccessRequest, CrmRole, Role, UserListItem } from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

export const CRM_USERS_KEY = ['crm', 'users'] as const;
export const CRM_ACCESS_REQUESTS_KEY = ['crm', 'access-requests'] as const;

export function useUsers(filters: { role: Role | null; search: string }) {
  return useInfiniteQuery({
    queryKey: [...CRM_USERS_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<ListAnswer<UserListItem>>('/user/list', {
        query: {
          role: filters.role ?? undefined,
          search: filters.search || undefined,
          limit: 20,
          cursor: pageParam,
        },
        area: 'crm',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.patch<UserListItem>(`/user/${encodeURIComponent(id)}/role`, { role }, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_USERS_KEY }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/user/${encodeURIComponent(id)}`, undefined, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_USERS_KEY }),
  });
}

export function usePendingAccessRequests() {
  return useQuery({
    queryKey: [...CRM_ACCESS_REQUESTS_KEY, 'PENDING'],
    queryFn: () =>
      api.get<ListAnswer<CrmAccessRequest>>('/admin/crm-access-requests', {
        query: { status: 'PENDING' },
        area: 'crm',
      }),
  });
}

function useDecision<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CRM_ACCESS_REQUESTS_KEY });
      await queryClient.invalidateQueries({ queryKey: CRM_USERS_KEY });
    },
  });
}

export function useGrantAccess() {
  return useDecision(({ id, role }: { id: string; role: CrmRole }) =>
    api.post(`/admin/crm-access-requests/${encodeURIComponent(id)}/grant`, { role }, { area: 'crm' }),
  );
}

/** The reason, when given, goes to the person in the refusal e-mail (decision 048). */
export function useRefuseAccess() {
  return useDecision(({ id, reason }: { id: string; reason: string }) =>
    api.post(
      `/admin/crm-access-requests/${encodeURIComponent(id)}/refuse`,
      reason.trim() ? { reason: reason.trim() } : {},
      { area: 'crm' },
    ),
  );
}
