import type {
  CorporateAnalyticsResponse,
  CouponBatchCreateInput,
  CouponBatchCreateResponse,
  CouponBatchListResponse,
  CouponCampaign,
  CouponCampaignCreateInput,
  CouponCampaignListResponse,
  CouponListResponse,
  PartnerLinkListResponse,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';

export const COUPONS_KEY = ['partner', 'coupons'] as const;
const area = 'partner' as const;

export function useCouponBatches() {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'batches'],
    queryFn: () => api.get<CouponBatchListResponse>('/partner/corporate/coupon-batches', { area }),
  });
}

export function useCreateCouponBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CouponBatchCreateInput) =>
      api.post<CouponBatchCreateResponse>('/partner/corporate/coupon-batches', request, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

export function useBatchCoupons(batchId: string | null) {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'coupons', batchId],
    queryFn: () =>
      api.get<CouponListResponse>(
        `/partner/corporate/coupon-batches/${encodeURIComponent(batchId!)}/coupons`,
        { area },
      ),
    enabled: batchId !== null,
  });
}

export function exportBatch(batchId: string) {
  return downloadApiFile(
    `/partner/corporate/coupon-batches/${encodeURIComponent(batchId)}/export.csv`,
    'coupons.csv',
  );
}

export function useCouponCampaigns() {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'campaigns'],
    queryFn: () => api.get<CouponCampaignListResponse>('/partner/corporate/campaigns', { area }),
  });
}

export function useCreateCouponCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CouponCampaignCreateInput) =>
      api.post<CouponCampaign>('/partner/corporate/campaigns', request, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

/** The partner's referral links (the referrals module's list), to group into a campaign. */
export function useOwnLinks(enabled: boolean) {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'links'],
    queryFn: () => api.get<PartnerLinkListResponse>('/partner/affiliate/links', { area }),
    enabled,
  });
}

export function useUpdateCouponCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: CouponCampaignCreateInput & { id: string }) =>
      api.put<CouponCampaign>(`/partner/corporate/campaigns/${encodeURIComponent(id)}`, request, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

export function useArchiveCouponCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<CouponCampaign>(
        `/partner/corporate/campaigns/${encodeURIComponent(id)}/archive`,
        {},
        { area },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

export function useSetCampaignLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, linkIds }: { id: string; linkIds: string[] }) =>
      api.put<CouponCampaign>(
        `/partner/corporate/campaigns/${encodeURIComponent(id)}/links`,
        { linkIds },
        { area },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

export function useCorporateAnalytics() {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'analytics'],
    queryFn: () => api.get<CorporateAnalyticsResponse>('/partner/corporate/analytics', { area }),
  });
}

export function exportAnalytics() {
  return downloadApiFile('/partner/corporate/analytics/export.csv', 'coupon-analytics.csv');
}
