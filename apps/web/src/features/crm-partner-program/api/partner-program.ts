import type {
  ChangePortalPartnerStatus,
  PartnerApplication,
  PartnerApplicationStatus,
  PartnerProgramSettings,
  PartnerProgramSettingsResponse,
  PartnerStatus,
  PartnerType,
  PortalPartner,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

export const PARTNER_PROGRAM_KEY = ['crm', 'partner-program'] as const;
const APPLICATIONS_KEY = [...PARTNER_PROGRAM_KEY, 'applications'] as const;
const PARTNERS_KEY = [...PARTNER_PROGRAM_KEY, 'partners'] as const;
const SETTINGS_KEY = [...PARTNER_PROGRAM_KEY, 'settings'] as const;

export function usePartnerApplications(status: PartnerApplicationStatus | null) {
  return useInfiniteQuery({
    queryKey: [...APPLICATIONS_KEY, status],
    queryFn: ({ pageParam, signal }) =>
      api.get<ListAnswer<PartnerApplication>>('/admin/partner-applications', {
        query: { status: status ?? undefined, limit: 20, cursor: pageParam },
        area: 'crm',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function useApplicationDecision<T>(mutationFn: (variables: T) => Promise<PartnerApplication>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PARTNER_PROGRAM_KEY }),
  });
}

export const useApproveApplication = () =>
  useApplicationDecision((id: string) =>
    api.post<PartnerApplication>(`/admin/partner-applications/${encodeURIComponent(id)}/approve`, undefined, {
      area: 'crm',
    }),
  );

export const useRefuseApplication = () =>
  useApplicationDecision(({ id, reason }: { id: string; reason: string }) =>
    api.post<PartnerApplication>(
      `/admin/partner-applications/${encodeURIComponent(id)}/refuse`,
      { reason },
      { area: 'crm' },
    ),
  );

export function usePartnerProgramSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () =>
      api.get<PartnerProgramSettingsResponse>('/admin/partner-program/settings', { area: 'crm' }),
  });
}

export function useSavePartnerProgramSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerProgramSettings) =>
      api.put<PartnerProgramSettingsResponse>('/admin/partner-program/settings', body, { area: 'crm' }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      // The list shows the type defaults: it follows the new rates.
      await queryClient.invalidateQueries({ queryKey: PARTNERS_KEY });
    },
  });
}

export type PortalPartnerFilters = { search: string; type: PartnerType | null; status: PartnerStatus | null };

export function usePortalPartners(filters: PortalPartnerFilters) {
  return useInfiniteQuery({
    queryKey: [...PARTNERS_KEY, filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<ListAnswer<PortalPartner>>('/admin/partner-program/partners', {
        query: {
          search: filters.search || undefined,
          type: filters.type ?? undefined,
          status: filters.status ?? undefined,
          limit: 20,
          cursor: pageParam,
        },
        area: 'crm',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function usePartnerChange<T>(mutationFn: (variables: T) => Promise<PortalPartner>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PARTNERS_KEY }),
  });
}

export const useChangePartnerStatus = () =>
  usePartnerChange(({ id, ...body }: ChangePortalPartnerStatus & { id: string }) =>
    api.put<PortalPartner>(`/admin/partner-program/partners/${encodeURIComponent(id)}/status`, body, {
      area: 'crm',
    }),
  );

export const useSetPartnerCommission = () =>
  usePartnerChange(({ id, commissionPercent }: { id: string; commissionPercent: number | null }) =>
    api.put<PortalPartner>(
      `/admin/partner-program/partners/${encodeURIComponent(id)}/commission`,
      { commissionPercent },
      { area: 'crm' },
    ),
  );
