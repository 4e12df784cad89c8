import type { UnitEconomicsResponse } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StatsPeriod = { startDate: string; endDate: string; includeInProgress: boolean };

export const CRM_STATS_KEY = ['crm', 'stats', 'unit-economics'] as const;

export function fetchUnitEconomics(period: StatsPeriod, signal?: AbortSignal) {
  return api.get<UnitEconomicsResponse>('/admin/stats/unit-economics', {
    query: {
      startDate: period.startDate,
      endDate: period.endDate,
      includeInProgress: period.includeInProgress,
    },
    area: 'crm',
    signal,
  });
}

/** The report of a period; the previous one stays on screen while another period loads. */
export function useUnitEconomics(period: StatsPeriod) {
  return useQuery({
    queryKey: [...CRM_STATS_KEY, period],
    queryFn: ({ signal }) => fetchUnitEconomics(period, signal),
    placeholderData: keepPreviousData,
  });
}
