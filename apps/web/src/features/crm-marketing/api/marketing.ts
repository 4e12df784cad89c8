import type {
  MarketingCampaign,
  MarketingCampaignRequest,
  MarketingCampaignsResponse,
  MarketingCsvReport,
  MarketingDashboardResponse,
  MarketingEventsResponse,
  MarketingSourcesResponse,
  MarketingSpendRequest,
  MarketingUtmLink,
  MarketingUtmLinkRequest,
  MarketingUtmLinksResponse,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { reportFiltersCodec, type ReportFilters } from '../components/report-filters';

const marketingKey = ['crm', 'marketing'] as const;
const queryOf = (filters: ReportFilters) => reportFiltersCodec.toQuery(filters);

function useReport<T>(
  name: string,
  path: string,
  filters: ReportFilters,
  extra: Record<string, string> = {},
) {
  return useQuery({
    queryKey: [...marketingKey, name, filters, extra],
    queryFn: () => api.get<T>(path, { query: { ...queryOf(filters), ...extra } }),
    placeholderData: keepPreviousData,
  });
}

export const useMarketingDashboard = (filters: ReportFilters) =>
  useReport<MarketingDashboardResponse>('dashboard', '/marketing/reports/dashboard', filters);
export const useMarketingSources = (filters: ReportFilters) =>
  useReport<MarketingSourcesResponse>('sources', '/marketing/reports/sources', filters);
export const useMarketingEvents = (filters: ReportFilters) =>
  useReport<MarketingEventsResponse>('events', '/marketing/reports/events', filters);
export const useMarketingCampaigns = (filters: ReportFilters, archived: boolean) =>
  useReport<MarketingCampaignsResponse>(
    'campaigns',
    '/marketing/campaigns',
    filters,
    archived ? { archived: 'true' } : {},
  );
export const useMarketingUtmLinks = (filters: ReportFilters) =>
  useReport<MarketingUtmLinksResponse>('utm-links', '/marketing/utm-links', filters);

/** The report's table as the server writes it (the same rows and columns as on the page). */
export function downloadMarketingCsv(report: MarketingCsvReport, filters: ReportFilters, archived = false) {
  const query = new URLSearchParams({ ...queryOf(filters), ...(archived ? { archived: 'true' } : {}) });
  return downloadApiFile(
    `/marketing/reports/${report}/export.csv?${query.toString()}`,
    `marketing-${report}-${filters.from}-${filters.to}.csv`,
  );
}

function useMarketingMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKey }),
  });
}

export const useSaveCampaign = () =>
  useMarketingMutation(({ id, body }: { id: string | null; body: MarketingCampaignRequest }) =>
    id
      ? api.put<MarketingCampaign>(`/marketing/campaigns/${id}`, body)
      : api.post<MarketingCampaign>('/marketing/campaigns', body),
  );
export const useArchiveCampaign = () =>
  useMarketingMutation(({ id, archived }: { id: string; archived: boolean }) =>
    api.post<MarketingCampaign>(`/marketing/campaigns/${id}/${archived ? 'archive' : 'restore'}`),
  );
export const useAddSpend = () =>
  useMarketingMutation(({ id, body }: { id: string; body: MarketingSpendRequest }) =>
    api.post<MarketingCampaign>(`/marketing/campaigns/${id}/spend`, body),
  );
export const useRemoveSpend = () =>
  useMarketingMutation(({ id, spendId }: { id: string; spendId: string }) =>
    api.delete<MarketingCampaign>(`/marketing/campaigns/${id}/spend/${spendId}`),
  );
export const useSaveUtmLink = () =>
  useMarketingMutation((body: MarketingUtmLinkRequest) =>
    api.post<MarketingUtmLink>('/marketing/utm-links', body),
  );
export const useRemoveUtmLink = () =>
  useMarketingMutation((id: string) => api.delete<{ success: true }>(`/marketing/utm-links/${id}`));
