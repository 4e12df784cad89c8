import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';
import type { TabDefinition } from '../model/tabs';

export const FORM_SETTINGS_KEY = ['crm', 'form-settings'] as const;
export type SettingsItem = Record<string, unknown>;

export function useSettingsItems(tab: TabDefinition) {
  return useQuery({
    queryKey: [...FORM_SETTINGS_KEY, tab.value],
    queryFn: () => api.get<ListAnswer<SettingsItem>>(`/form-settings/${tab.value}`, { area: 'crm' }),
  });
}

function useSettingsMutation(tab: TabDefinition, mutationFn: (body: SettingsItem) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Refetch the list and the order form's parameters (a new item is offered at once).
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...FORM_SETTINGS_KEY, tab.value] });
      await queryClient.invalidateQueries({ queryKey: ['order', 'form-params'] });
    },
  });
}

export function useSaveSettingsItem(tab: TabDefinition) {
  return useSettingsMutation(tab, (body) => {
    const isEdit = tab.idKey === 'id' ? typeof body.id === 'string' : body.__edit === true;
    const { __edit: _ignored, ...payload } = body;
    return isEdit
      ? api.put(`/form-settings/${tab.value}`, payload, { area: 'crm' })
      : api.post(`/form-settings/${tab.value}`, payload, { area: 'crm' });
  });
}

export function useDeleteSettingsItem(tab: TabDefinition) {
  return useSettingsMutation(tab, (item) =>
    api.delete(`/form-settings/${tab.value}`, { [tab.idKey]: item[tab.idKey] }, { area: 'crm' }),
  );
}
