import type { AdminOffice, DeleteOfficeResponse, OfficeInput } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

export const CRM_OFFICES_KEY = ['crm', 'offices'] as const;

export function useOffices() {
  return useQuery({
    queryKey: CRM_OFFICES_KEY,
    queryFn: () => api.get<ListAnswer<AdminOffice>>('/office', { area: 'crm' }),
  });
}

/** Offices are offered by the order form: its cached parameters are refreshed with the list. */
function useOfficeMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CRM_OFFICES_KEY });
      await queryClient.invalidateQueries({ queryKey: ['order', 'form-params'] });
    },
  });
}

export function useSaveOffice() {
  return useOfficeMutation(({ id, ...body }: OfficeInput & { id?: string }) =>
    id
      ? api.put<AdminOffice>('/office', { id, ...body }, { area: 'crm' })
      : api.post<AdminOffice>('/office', body, { area: 'crm' }),
  );
}

export function useDeleteOffice() {
  return useOfficeMutation((id: string) =>
    api.delete<DeleteOfficeResponse>('/office', { id }, { area: 'crm' }),
  );
}
