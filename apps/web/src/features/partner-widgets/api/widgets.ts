import type { Widget, WidgetListResponse, WidgetUpsertRequest } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const WIDGETS_KEY = ['partner', 'widgets'] as const;
const area = 'partner' as const;
const base = '/partner/integrator/widgets';

export function usePartnerWidgets() {
  return useQuery({
    queryKey: WIDGETS_KEY,
    queryFn: () => api.get<WidgetListResponse>(base, { area }),
  });
}

/** Creates (no id) or changes a widget. */
export function useSaveWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: WidgetUpsertRequest }) =>
      id
        ? api.put<Widget>(`${base}/${encodeURIComponent(id)}`, values, { area })
        : api.post<Widget>(base, values, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WIDGETS_KEY }),
  });
}

export function useArchiveWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Widget>(`${base}/${encodeURIComponent(id)}/archive`, {}, { area }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WIDGETS_KEY }),
  });
}
