import type { OrderRefundsResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CABINET_ORDERS_KEY } from './orders';

/** Money returned on the customer's order (decision 046): amounts, reasons and states, no staff details. */
export function orderRefundsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CABINET_ORDERS_KEY, 'refunds', orderId],
    queryFn: ({ signal }) =>
      api.get<OrderRefundsResponse>(`/order/${encodeURIComponent(orderId)}/refunds`, {
        area: 'cabinet',
        signal,
      }),
    meta: { silent: true },
  });
}

export function useOrderRefunds(orderId: string) {
  return useQuery(orderRefundsQueryOptions(orderId));
}
