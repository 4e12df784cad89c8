import type {
  FormParamsResponse,
  SuccessResponse,
  Tariff,
  TariffInput,
  TariffListResponse,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TARIFFS_KEY = ['crm', 'tariffs'] as const;
/** The order form's cached parameters: a tariff change must reprice the form in this tab at once. */
const ORDER_FORM_PARAMS_KEY = ['order', 'form-params'] as const;

export function useTariffs() {
  return useQuery({
    queryKey: [...TARIFFS_KEY, 'list'],
    queryFn: () => api.get<TariffListResponse>('/tariffs', { area: 'crm' }),
  });
}

const itemKey = (id: string) => [...TARIFFS_KEY, 'item', id] as const;

/** One tariff; errors (a deleted or unknown id) are shown on the page itself, not as a toast. */
export function useTariff(id: string | null) {
  return useQuery({
    queryKey: itemKey(id ?? ''),
    queryFn: () => api.get<Tariff>(`/tariffs/${encodeURIComponent(id!)}`, { area: 'crm' }),
    enabled: id !== null,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** Languages and document types a rule may name (the ones the order form offers). */
export function useTariffChoices() {
  return useQuery({
    queryKey: [...TARIFFS_KEY, 'choices'],
    queryFn: () => api.get<FormParamsResponse>('/order/form-params', { auth: 'none' }),
    select: (params) => ({ languages: params.languages, documents: params.documents }),
  });
}

/** After a change the list is refetched and the order form (in this tab too) reprices at once. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...TARIFFS_KEY, 'list'] }),
      queryClient.invalidateQueries({ queryKey: ORDER_FORM_PARAMS_KEY }),
    ]);
}

export function useSaveTariff(id: string | null) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TariffInput) =>
      id === null
        ? api.post<Tariff>('/tariffs', body, { area: 'crm' })
        : api.put<Tariff>(`/tariffs/${encodeURIComponent(id)}`, body, { area: 'crm' }),
    onSuccess: async (tariff) => {
      queryClient.setQueryData(itemKey(tariff.id), tariff);
      await refresh();
    },
  });
}

export function useDeleteTariff() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<SuccessResponse>(`/tariffs/${encodeURIComponent(id)}`, undefined, { area: 'crm' }),
    onSuccess: () => refresh(),
  });
}
