import type { AttributionReport, FunnelReport, LeadScoringReport, TouchpointsResponse } from '@app/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { reportFiltersCodec, type ReportFilters } from '../components/report-filters';

/** The journey reports' calls (decision 068): the query is the URL's filters plus each page's own choices. */
export type JourneyQuery = Record<string, string>;

export function journeyQuery(
  filters: ReportFilters,
  extra: Record<string, string | undefined> = {},
): JourneyQuery {
  const query: JourneyQuery = { ...reportFiltersCodec.toQuery(filters) };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) query[key] = value;
  return query;
}

const key = (name: string, query: JourneyQuery) => ['crm', 'marketing', name, query] as const;

export function useFunnelReport(query: JourneyQuery) {
  return useQuery({
    queryKey: key('funnel', query),
    queryFn: () => api.get<FunnelReport>('/marketing/funnel', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAttributionReport(query: JourneyQuery) {
  return useQuery({
    queryKey: key('attribution', query),
    queryFn: () => api.get<AttributionReport>('/marketing/attribution', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTouchpoints(query: JourneyQuery) {
  return useInfiniteQuery({
    queryKey: key('touchpoints', query),
    queryFn: ({ pageParam }) =>
      api.get<TouchpointsResponse>('/marketing/touchpoints', {
        query: { ...query, limit: '20', ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useLeadScoring(query: JourneyQuery) {
  return useQuery({
    queryKey: key('lead-scoring', query),
    queryFn: () => api.get<LeadScoringReport>('/marketing/lead-scoring', { query }),
    placeholderData: keepPreviousData,
  });
}

export function downloadJourneyCsv(
  report: 'funnel' | 'attribution' | 'touchpoints' | 'lead-scoring',
  query: JourneyQuery,
) {
  return downloadApiFile(
    `/marketing/${report}/export.csv?${new URLSearchParams(query).toString()}`,
    `${report}.csv`,
  );
}
