import type { CreatePartnerRequest, CreatePointRequest, Partner, Point, UserListItem } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

export const CRM_PARTNERS_KEY = ['crm', 'partners'] as const;
const pointsKey = (partnerId: string) => [...CRM_PARTNERS_KEY, 'points', partnerId] as const;

export function usePartners() {
  return useQuery({
    queryKey: [...CRM_PARTNERS_KEY, 'list'],
    queryFn: () => api.get<ListAnswer<Partner>>('/partner', { area: 'crm' }),
  });
}

export function useSavePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreatePartnerRequest & { id?: string }) =>
      id
        ? api.put<Partner>('/partner', { id, ...body }, { area: 'crm' })
        : api.post<Partner>('/partner', body, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_PARTNERS_KEY }),
  });
}

/** Accounts an ADMIN may link to a partner: found by e-mail, name or phone. */
export function useUserSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['crm', 'users', 'partner-link', term],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<UserListItem>>('/user/list', {
        query: { search: term, limit: 10 },
        area: 'crm',
        signal,
      }),
    enabled: term.length >= 2,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

export function usePartnerPoints(partnerId: string) {
  return useQuery({
    queryKey: pointsKey(partnerId),
    queryFn: () =>
      api.get<ListAnswer<Point>>(`/point/partner/${encodeURIComponent(partnerId)}`, { area: 'crm' }),
  });
}

/** Every point change refreshes the partner's list, the partners' counts and the order form's points. */
function usePointMutation<T>(partnerId: string, mutationFn: (variables: T) => Promise<Point | unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pointsKey(partnerId) });
      await queryClient.invalidateQueries({ queryKey: [...CRM_PARTNERS_KEY, 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['order', 'points'] });
    },
  });
}

export function useSavePoint(partnerId: string) {
  return usePointMutation(partnerId, ({ id, ...body }: CreatePointRequest & { id?: string }) =>
    id
      ? api.put<Point>('/point', { id, ...body }, { area: 'crm' })
      : api.post<Point>('/point', body, { area: 'crm' }),
  );
}

export function useSetPointActive(partnerId: string) {
  return usePointMutation(partnerId, (body: { id: string; isActive: boolean }) =>
    api.patch<Point>('/point/status', body, { area: 'crm' }),
  );
}

export function useDeletePoint(partnerId: string) {
  return usePointMutation(partnerId, (id: string) => api.delete('/point', { id }, { area: 'crm' }));
}

export function useUploadPointPhoto(partnerId: string) {
  return usePointMutation(partnerId, ({ pointId, file }: { pointId: string; file: File }) => {
    const body = new FormData();
    body.append('photo', file, file.name);
    return api.post<Point>(`/point/photo/${encodeURIComponent(pointId)}`, body, {
      area: 'crm',
      timeoutMs: 120_000,
    });
  });
}

export function useDeletePointPhoto(partnerId: string) {
  return usePointMutation(partnerId, ({ pointId, photo }: { pointId: string; photo: string }) =>
    api.delete<Point>(`/point/photo/${encodeURIComponent(pointId)}`, undefined, {
      area: 'crm',
      query: { photo },
    }),
  );
}
