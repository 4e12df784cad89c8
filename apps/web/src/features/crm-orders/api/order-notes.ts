import type { OrderNote, OrderNoteListResponse } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CRM_ORDERS_KEY } from './staff-orders';

export function orderNotesQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CRM_ORDERS_KEY, 'notes', orderId],
    queryFn: ({ signal }) =>
      api.get<OrderNoteListResponse>(`/order/${encodeURIComponent(orderId)}/notes`, { area: 'crm', signal }),
  });
}

export function useOrderNotes(orderId: string) {
  return useQuery(orderNotesQueryOptions(orderId));
}

/** Adding and deleting refetch the list, so a colleague's note written meanwhile shows up too. */
export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<OrderNote>(`/order/${encodeURIComponent(orderId)}/notes`, { text }, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderNotesQueryOptions(orderId).queryKey }),
  });
}

export function useDeleteOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      api.delete(`/order/${encodeURIComponent(orderId)}/notes/${encodeURIComponent(noteId)}`, undefined, {
        area: 'crm',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderNotesQueryOptions(orderId).queryKey }),
  });
}
