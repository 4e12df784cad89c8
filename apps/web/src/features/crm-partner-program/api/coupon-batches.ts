import type { CouponBatch, CouponBatchStaffListResponse } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PARTNER_PROGRAM_KEY } from './partner-program';

const BATCHES_KEY = [...PARTNER_PROGRAM_KEY, 'coupon-batches'] as const;

/** Coupon batches waiting for a staff decision (decision 069). */
export function usePendingCouponBatches() {
  return useQuery({
    queryKey: BATCHES_KEY,
    queryFn: () =>
      api.get<CouponBatchStaffListResponse>('/admin/partner-program/coupon-batches', {
        query: { status: 'PENDING' },
        area: 'crm',
      }),
  });
}

export function useDecideCouponBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      reason === null
        ? api.post<CouponBatch>(
            `/admin/partner-program/coupon-batches/${encodeURIComponent(id)}/approve`,
            {},
            {
              area: 'crm',
            },
          )
        : api.post<CouponBatch>(
            `/admin/partner-program/coupon-batches/${encodeURIComponent(id)}/refuse`,
            { reason },
            { area: 'crm' },
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BATCHES_KEY }),
  });
}
