import type { OrderFilterOptionsResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CRM_ORDERS_KEY } from './staff-orders';

/** Partners and their pickup points for the list filter; they change rarely, so a few minutes of cache. */
export const orderFilterOptionsQueryOptions = queryOptions({
  queryKey: [...CRM_ORDERS_KEY, 'filter-options'],
  queryFn: ({ signal }) =>
    api.get<OrderFilterOptionsResponse>('/order/filter-options', { area: 'crm', signal }),
  staleTime: 5 * 60_000,
});

export function useOrderFilterOptions() {
  return useQuery(orderFilterOptionsQueryOptions);
}
