import type { AnalyticsConfig } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const ANALYTICS_CONFIG_KEY = ['crm', 'marketing', 'analytics-config'] as const;

/** `GET /api/marketing/analytics-config` (ADMIN); only fetched while the settings dialog is open. */
export function useAnalyticsConfig(enabled: boolean) {
  return useQuery({
    queryKey: ANALYTICS_CONFIG_KEY,
    queryFn: ({ signal }) => api.get<AnalyticsConfig>('/marketing/analytics-config', { area: 'crm', signal }),
    enabled,
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
