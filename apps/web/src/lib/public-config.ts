import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicConfigResponse } from '@app/contracts';

export function getPublicConfig(): Promise<PublicConfigResponse> {
  return api.get<PublicConfigResponse>('/config/public', { auth: 'none' });
}

/** Deployment settings change only with a deploy: cached for the page's life. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config', 'public'],
  queryFn: getPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
