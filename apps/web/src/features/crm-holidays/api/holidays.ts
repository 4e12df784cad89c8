import type { Holiday } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

export const HOLIDAYS_KEY = ['crm', 'holidays'] as const;

export function useHolidays(year: number) {
  return useQuery({
    queryKey: [...HOLIDAYS_KEY, year],
    queryFn: () => api.get<ListAnswer<Holiday>>('/holidays', { query: { year }, area: 'crm' }),
  });
}

export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (holiday: Holiday) => api.post<Holiday>('/holidays', holiday, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api.delete(`/holidays/${encodeURIComponent(date)}`, undefined, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}
