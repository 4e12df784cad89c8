import type { OrderResultListResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { CABINET_ORDERS_KEY } from './orders';

/** The finished files sent to the customer (decision 038); staff-only files never reach this list. */
export function orderResultsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CABINET_ORDERS_KEY, 'results', orderId],
    queryFn: ({ signal }) =>
      api.get<OrderResultListResponse>(`/order/${encodeURIComponent(orderId)}/results`, {
        area: 'cabinet',
        signal,
      }),
    meta: { silent: true },
  });
}

export function useOrderResults(orderId: string) {
  return useQuery(orderResultsQueryOptions(orderId));
}

export function downloadOrderResult(orderId: string, file: { id: string; name: string }) {
  return downloadApiFile(
    `/order/${encodeURIComponent(orderId)}/results/${encodeURIComponent(file.id)}`,
    file.name,
  );
}
