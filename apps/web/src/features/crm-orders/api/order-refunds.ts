import type { CreateRefundRequest, OrderRefundsResponse, Refund } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CRM_ORDERS_KEY } from './staff-orders';

export function orderRefundsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CRM_ORDERS_KEY, 'refunds', orderId],
    queryFn: ({ signal }) =>
      api.get<OrderRefundsResponse>(`/order/${encodeURIComponent(orderId)}/refunds`, { area: 'crm', signal }),
  });
}

export function useOrderRefunds(orderId: string) {
  return useQuery(orderRefundsQueryOptions(orderId));
}

/** Recording and retrying refetch the refunds (the totals change with them). */
export function useCreateRefund(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRefundRequest) =>
      api.post<Refund>(`/order/${encodeURIComponent(orderId)}/refunds`, body, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderRefundsQueryOptions(orderId).queryKey }),
  });
}

export function useRetryRefund(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) =>
      api.post<Refund>(
        `/order/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/retry`,
        undefined,
        { area: 'crm' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderRefundsQueryOptions(orderId).queryKey }),
  });
}
