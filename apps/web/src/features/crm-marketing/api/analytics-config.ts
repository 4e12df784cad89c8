import type { AnalyticsConfig } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const ANALYTICS_CONFIG_KEY = ['crm', 'marketing', 'analytics-config'] as const;

/**
 * `GET /api/marketing/analytics-config` (ADMIN); fetched only while `enabled` (the settings dialog is open, the
 * lead-scoring page is an ADMIN's). `silent`: a failure is shown by the page itself, not as a toast.
 */
export function useAnalyticsConfig(enabled: boolean, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: ANALYTICS_CONFIG_KEY,
    queryFn: ({ signal }) => api.get<AnalyticsConfig>('/marketing/analytics-config', { area: 'crm', signal }),
    enabled,
    ...(options.silent ? { retry: false, meta: { silent: true } } : {}),
  });
}

export function useSaveAnalyticsConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: AnalyticsConfig) =>
      api.post<AnalyticsConfig>('/marketing/analytics-config', config, { area: 'crm' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ANALYTICS_CONFIG_KEY, saved);
      // The reports read the window and the default model: they follow the new settings.
      return queryClient.invalidateQueries({ queryKey: ['crm', 'marketing'] });
    },
  });
}
