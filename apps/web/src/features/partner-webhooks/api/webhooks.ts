import type {
  SuccessResponse,
  WebhookDeliveryDetail,
  WebhookDeliveryListResponse,
  WebhookEndpoint,
  WebhookEndpointCreateRequest,
  WebhookEndpointListResponse,
  WebhookEndpointUpdateRequest,
  WebhookSecretResponse,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const WEBHOOKS_KEY = ['partner', 'webhooks'] as const;
const area = 'partner' as const;
const base = '/partner/webhooks';
const endpointPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'endpoints'],
    queryFn: () => api.get<WebhookEndpointListResponse>(base, { area }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
}

export function useCreateEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (request: WebhookEndpointCreateRequest) =>
      api.post<WebhookSecretResponse>(base, request, { area }),
    onSuccess: invalidate,
  });
}

export function useUpdateEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...request }: WebhookEndpointUpdateRequest & { id: string }) =>
      api.patch<WebhookEndpoint>(endpointPath(id), request, { area }),
    onSuccess: invalidate,
  });
}

export function useDeleteEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<SuccessResponse>(endpointPath(id), undefined, { area }),
    onSuccess: invalidate,
  });
}

export function useRotateSecret() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<WebhookSecretResponse>(`${endpointPath(id)}/rotate-secret`, {}, { area }),
    onSuccess: invalidate,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookDeliveryDetail>(`${endpointPath(id)}/test`, {}, { area }),
    onSuccess: invalidate,
  });
}

export function useResendDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      api.post<WebhookDeliveryDetail>(
        `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        {},
        { area },
      ),
    onSuccess: invalidate,
  });
}

/** The endpoint's log, newest first; refreshed while it is open (deliveries are sent by the queue). */
export function useDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', endpointId],
    queryFn: ({ pageParam, signal }) =>
      api.get<WebhookDeliveryListResponse>(`${endpointPath(endpointId)}/deliveries`, {
        query: { cursor: pageParam },
        area,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: 5_000,
  });
}

export function useDeliveryDetail(endpointId: string, deliveryId: string | null) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'delivery', endpointId, deliveryId],
    queryFn: () =>
      api.get<WebhookDeliveryDetail>(
        `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId!)}`,
        { area },
      ),
    enabled: deliveryId !== null,
  });
}
