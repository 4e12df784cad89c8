import type {
  FormParamsResponse,
  OrderEditContent,
  OrderEditPreview,
  OrderTimelineResponse,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CRM_ORDERS_KEY } from './staff-orders';

/** The order's one timeline (decision 055). */
export function orderTimelineQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CRM_ORDERS_KEY, 'timeline', orderId],
    queryFn: () =>
      api.get<OrderTimelineResponse>(`/order/${encodeURIComponent(orderId)}/timeline`, { area: 'crm' }),
  });
}

export function useOrderTimeline(orderId: string) {
  return useQuery(orderTimelineQueryOptions(orderId));
}

/** The catalogue the edit chooses documents, assurances and languages from (the order form's own). */
export function useEditCatalogue(isEnabled: boolean) {
  return useQuery({
    queryKey: ['order', 'form-params'],
    queryFn: () => api.get<FormParamsResponse>('/order/form-params', { auth: 'none' }),
    staleTime: 5 * 60_000,
    enabled: isEnabled,
  });
}

export function usePreviewOrderEdit(orderId: string) {
  return useMutation({
    mutationFn: (content: OrderEditContent) =>
      api.post<OrderEditPreview>(`/order/${encodeURIComponent(orderId)}/edit/preview`, content, {
        area: 'crm',
      }),
    meta: { silent: true },
  });
}

export function useSaveOrderEdit(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderEditContent & { expectedAmount: number; reason: string }) =>
      api.put<OrderEditPreview>(`/order/${encodeURIComponent(orderId)}/edit`, body, { area: 'crm' }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_ORDERS_KEY }),
  });
}
