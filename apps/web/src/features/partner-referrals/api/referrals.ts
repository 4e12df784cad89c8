import type {
  AffiliateAnalyticsResponse,
  ClickLogResponse,
  PartnerDashboardResponse,
  PartnerLink,
  PartnerLinkCreateRequest,
  PartnerLinkListResponse,
  PartnerPromoCode,
  PartnerPromoCodeCreateRequest,
  PartnerPromoCodeListResponse,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';

export const REFERRALS_KEY = ['partner', 'referrals'] as const;
const area = 'partner' as const;

export type Period = { from?: string; to?: string };
export type ClickFilters = Period & { linkId?: string; subId?: string };

export function usePartnerDashboard() {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'dashboard'],
    queryFn: () => api.get<PartnerDashboardResponse>('/partner/dashboard', { area }),
  });
}

export function usePartnerLinks() {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'links'],
    queryFn: () => api.get<PartnerLinkListResponse>('/partner/affiliate/links', { area }),
  });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PartnerLinkCreateRequest) =>
      api.post<PartnerLink>('/partner/affiliate/links', request, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REFERRALS_KEY }),
  });
}

export function useArchiveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<PartnerLink>(`/partner/affiliate/links/${encodeURIComponent(id)}/archive`, {}, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REFERRALS_KEY }),
  });
}

export function usePartnerPromoCodes() {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'promocodes'],
    queryFn: () => api.get<PartnerPromoCodeListResponse>('/partner/affiliate/promocodes', { area }),
  });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PartnerPromoCodeCreateRequest) =>
      api.post<PartnerPromoCode>('/partner/affiliate/promocodes', request, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REFERRALS_KEY }),
  });
}

export function useClickLogs(filters: ClickFilters) {
  return useInfiniteQuery({
    queryKey: [...REFERRALS_KEY, 'clicks', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<ClickLogResponse>('/partner/affiliate/click-logs', {
        query: { ...filters, limit: 50, cursor: pageParam },
        area,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function exportClickLogs(filters: ClickFilters) {
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return downloadApiFile(
    `/partner/affiliate/click-logs/export.csv${query ? `?${query}` : ''}`,
    'click-logs.csv',
  );
}

export function useAffiliateAnalytics(period: Period) {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'analytics', period],
    queryFn: () =>
      api.get<AffiliateAnalyticsResponse>('/partner/affiliate/analytics', { query: period, area }),
  });
}
