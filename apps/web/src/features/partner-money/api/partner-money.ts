import type {
  Adjustment,
  AdjustmentsResponse,
  CommissionStatus,
  CreateAdjustmentRequest,
  CreatePayoutRunRequest,
  PartnerCommissionsResponse,
  PartnerOption,
  PartnerPayoutsResponse,
  PayoutRunDetail,
  PayoutRunSummary,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';

/** The partner programme's money (decision 062): CRM adjustments and payout runs, the partner's own pages. */

const ADJUSTMENTS_KEY = ['crm', 'commission-adjustments'] as const;
const PAYOUTS_KEY = ['crm', 'partner-payouts'] as const;

export function useAdjustments(filters: { partnerAccountId?: string; page: number }) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_KEY, filters],
    queryFn: () =>
      api.get<AdjustmentsResponse>('/commission-adjustments', {
        query: {
          page: filters.page,
          ...(filters.partnerAccountId ? { partnerAccountId: filters.partnerAccountId } : {}),
        },
        area: 'crm',
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePartnerOptions(search: string) {
  return useQuery({
    queryKey: ['crm', 'commission-partner-options', search],
    queryFn: () =>
      api.get<{ items: PartnerOption[] }>('/commission-adjustments/partners', {
        query: search ? { search } : {},
        area: 'crm',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdjustmentRequest) =>
      api.post<Adjustment>('/commission-adjustments', input, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY }),
  });
}

export function usePayoutRuns() {
  return useQuery({
    queryKey: PAYOUTS_KEY,
    queryFn: () => api.get<{ items: PayoutRunSummary[] }>('/partner-payouts', { area: 'crm' }),
  });
}

export function usePayoutRun(id: string | null) {
  return useQuery({
    queryKey: [...PAYOUTS_KEY, id],
    queryFn: () => api.get<PayoutRunDetail>(`/partner-payouts/${encodeURIComponent(id!)}`, { area: 'crm' }),
    enabled: id !== null,
  });
}

function usePayoutAction<Input>(request: (input: Input) => Promise<PayoutRunDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
}

export const useCreatePayoutRun = () =>
  usePayoutAction((input: CreatePayoutRunRequest) =>
    api.post<PayoutRunDetail>('/partner-payouts', input, { area: 'crm' }),
  );
export const useMarkPayoutRunPaid = () =>
  usePayoutAction((id: string) =>
    api.post<PayoutRunDetail>(`/partner-payouts/${encodeURIComponent(id)}/mark-paid`, undefined, {
      area: 'crm',
    }),
  );
export const useCancelPayoutRun = () =>
  usePayoutAction((id: string) =>
    api.post<PayoutRunDetail>(`/partner-payouts/${encodeURIComponent(id)}/cancel`, undefined, {
      area: 'crm',
    }),
  );

export function downloadRegistry(run: PayoutRunSummary) {
  return downloadApiFile(
    `/partner-payouts/${encodeURIComponent(run.id)}/registry.csv`,
    `payouts-${run.periodFrom}-${run.periodTo}.csv`,
  );
}

export function usePartnerCommissions(filters: { status?: CommissionStatus; page: number }) {
  return useQuery({
    queryKey: ['partner', 'commissions', filters],
    queryFn: () =>
      api.get<PartnerCommissionsResponse>('/partner/commissions', {
        query: { page: filters.page, ...(filters.status ? { status: filters.status } : {}) },
        area: 'partner',
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePartnerPayouts() {
  return useQuery({
    queryKey: ['partner', 'payouts'],
    queryFn: () => api.get<PartnerPayoutsResponse>('/partner/payouts', { area: 'partner' }),
  });
}

export function downloadStatement(payout: { id: string; periodFrom: string; periodTo: string }) {
  return downloadApiFile(
    `/partner/payouts/${encodeURIComponent(payout.id)}/statement.pdf`,
    `payout-${payout.periodFrom}-${payout.periodTo}.pdf`,
  );
}
