import type {
  FraudEventsResponse,
  FraudEventStatus,
  FraudResolutionResponse,
  FraudRule,
  PartnerAnalyticsResponse,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';

export type FraudFilters = {
  partnerId: string | null;
  rule: FraudRule | null;
  status: FraudEventStatus | null;
};
export type FraudAction = 'release' | 'reverse' | 'ban';
export type AnalyticsPeriod = { from: string; to: string };

const fraudKey = ['crm', 'fraud-events'] as const;

export function fraudEventsQuery(filters: FraudFilters) {
  return queryOptions({
    queryKey: [...fraudKey, filters],
    queryFn: () =>
      api.get<FraudEventsResponse>('/admin/fraud-events', {
        query: { partnerId: filters.partnerId, rule: filters.rule, status: filters.status, limit: 100 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFraudEvents(filters: FraudFilters) {
  return useQuery(fraudEventsQuery(filters));
}

export function useResolveFraudEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: FraudAction; note: string }) =>
      api.post<FraudResolutionResponse>(`/admin/fraud-events/${id}/${action}`, { note }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fraudKey }),
  });
}

export function usePartnerAnalytics(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: ['crm', 'partner-analytics', period],
    queryFn: () => api.get<PartnerAnalyticsResponse>('/admin/partner-analytics', { query: period }),
    placeholderData: keepPreviousData,
  });
}

export function downloadPartnerAnalyticsCsv(period: AnalyticsPeriod) {
  return downloadApiFile(
    `/admin/partner-analytics/export.csv?${new URLSearchParams(period).toString()}`,
    'partner-analytics.csv',
  );
}
