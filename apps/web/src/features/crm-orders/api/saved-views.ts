import type { SavedView } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

const SAVED_VIEWS_KEY = ['crm', 'order-views'] as const;

/** The signed-in staff member's saved views of the order list (their own only, kept on the server). */
export function useSavedViews() {
  return useQuery({
    queryKey: SAVED_VIEWS_KEY,
    queryFn: ({ signal }) => api.get<ListAnswer<SavedView>>('/order/views', { area: 'crm', signal }),
  });
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; query: Record<string, string> }) =>
      api.post<SavedView>('/order/views', body, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY }),
  });
}

export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/order/views/${encodeURIComponent(id)}`, undefined, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY }),
  });
}
