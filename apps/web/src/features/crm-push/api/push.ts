import type {
  PushCampaign,
  PushCampaignListResponse,
  PushRecipientListResponse,
  StaffPushRequest,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CRM_PUSH_KEY = ['crm', 'push'] as const;
/** How often a message being sent is re-read until its counts are in. */
export const CAMPAIGN_POLL_MS = 1_000;

export function useSendPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StaffPushRequest) =>
      api.post<PushCampaign>('/admin/push', request, { area: 'crm' }),
    onSuccess: (campaign) => {
      queryClient.setQueryData([...CRM_PUSH_KEY, 'campaign', campaign.id], campaign);
      return queryClient.invalidateQueries({ queryKey: [...CRM_PUSH_KEY, 'history'] });
    },
  });
}

/** One message; re-read every second while its notification-tasks job is still sending. */
export function usePushCampaign(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CRM_PUSH_KEY, 'campaign', id],
    queryFn: async ({ signal }) => {
      const campaign = await api.get<PushCampaign>(`/admin/push/${encodeURIComponent(id!)}`, {
        area: 'crm',
        signal,
      });
      if (campaign.status !== 'sending')
        void queryClient.invalidateQueries({ queryKey: [...CRM_PUSH_KEY, 'history'] });
      return campaign;
    },
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? CAMPAIGN_POLL_MS : false),
  });
}

export function usePushHistory() {
  return useInfiniteQuery({
    queryKey: [...CRM_PUSH_KEY, 'history'],
    queryFn: ({ pageParam, signal }) =>
      api.get<PushCampaignListResponse>('/admin/push', {
        query: { limit: 10, cursor: pageParam },
        area: 'crm',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function usePushRecipients(search: string) {
  return useQuery({
    queryKey: [...CRM_PUSH_KEY, 'recipients', search],
    queryFn: ({ signal }) =>
      api.get<PushRecipientListResponse>('/admin/push/recipients', {
        query: { search: search || undefined, limit: 20 },
        area: 'crm',
        signal,
      }),
    staleTime: 10_000,
  });
}
