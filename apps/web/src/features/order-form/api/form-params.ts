import type { FormParamsResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const formParamsQueryOptions = queryOptions({
  queryKey: ['order', 'form-params'],
  queryFn: () => api.get<FormParamsResponse>('/order/form-params', { auth: 'none' }),
  staleTime: 5 * 60_000,
});

export function useFormParams() {
  return useQuery(formParamsQueryOptions);
}
