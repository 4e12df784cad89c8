import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResponse, ApiKeyListResponse } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const API_KEYS_KEY = ['partner', 'api-keys'] as const;
const area = 'partner' as const;

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: () => api.get<ApiKeyListResponse>('/partner/integrator/api-keys', { area }),
  });
}

/** The answer carries the whole key this once: it is kept in the page's state only, never in the query cache. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ApiKeyCreateRequest) =>
      api.post<ApiKeyCreateResponse>('/partner/integrator/api-keys', request, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ApiKey>(`/partner/integrator/api-keys/${encodeURIComponent(id)}/revoke`, {}, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
