import type { OrderResultListResponse, SendOrderResultsResponse } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { CRM_ORDERS_KEY } from './staff-orders';

const resultsPath = (orderId: string) => `/order/${encodeURIComponent(orderId)}/results`;

export function staffOrderResultsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CRM_ORDERS_KEY, 'results', orderId],
    queryFn: ({ signal }) => api.get<OrderResultListResponse>(resultsPath(orderId), { area: 'crm', signal }),
  });
}

export function useStaffOrderResults(orderId: string) {
  return useQuery(staffOrderResultsQueryOptions(orderId));
}

function useResultsMutation<T, R>(
  orderId: string,
  mutationFn: (input: T) => Promise<R>,
  refreshOrder = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Sending may complete an electronic order: the whole order page refreshes then.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: refreshOrder ? CRM_ORDERS_KEY : staffOrderResultsQueryOptions(orderId).queryKey,
      }),
  });
}

/** Result files go through the upload rules of the API (types, content, sizes). */
export function useAttachOrderResults(orderId: string) {
  return useResultsMutation(orderId, (files: File[]) => {
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    return api.post<OrderResultListResponse>(resultsPath(orderId), body, { area: 'crm', timeoutMs: 120_000 });
  });
}

export function useRemoveOrderResult(orderId: string) {
  return useResultsMutation(orderId, (resultId: string) =>
    api.delete(`${resultsPath(orderId)}/${encodeURIComponent(resultId)}`, undefined, { area: 'crm' }),
  );
}

export function useSendOrderResults(orderId: string) {
  return useResultsMutation(
    orderId,
    () => api.post<SendOrderResultsResponse>(`${resultsPath(orderId)}/send`, undefined, { area: 'crm' }),
    true,
  );
}

export function downloadStaffOrderResult(orderId: string, file: { id: string; name: string }) {
  return downloadApiFile(`${resultsPath(orderId)}/${encodeURIComponent(file.id)}`, file.name);
}
