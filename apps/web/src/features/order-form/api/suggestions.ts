import {
  isValidInn,
  type FindPartyResponse,
  type SuggestAddressResponse,
  type SuggestionsStatusResponse,
} from '@app/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Requisites by INN and address suggestions (decision 039). Without a provider key the server says so once and
// the form keeps its plain fields; a failing provider leaves the fields as typed (silent queries).

export const suggestionsStatusQueryOptions = queryOptions({
  queryKey: ['order', 'suggestions', 'status'],
  queryFn: ({ signal }) =>
    api.get<SuggestionsStatusResponse>('/suggestions/status', { auth: 'none', signal }),
  staleTime: Infinity,
  meta: { silent: true },
});

export function useSuggestionsEnabled(): boolean {
  return useQuery(suggestionsStatusQueryOptions).data?.isEnabled === true;
}

/** The organization of a complete, valid INN (asked once per INN). */
export function usePartyLookup(inn: string) {
  const isEnabled = useSuggestionsEnabled();
  return useQuery({
    queryKey: ['order', 'suggestions', 'party', inn],
    queryFn: ({ signal }) =>
      api.post<FindPartyResponse>('/suggestions/party', { inn }, { auth: 'none', signal }),
    enabled: isEnabled && isValidInn(inn),
    staleTime: 60 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** Addresses for what has been typed (3+ characters, after a pause in typing). */
export function useAddressSuggestions(typed: string) {
  const isEnabled = useSuggestionsEnabled();
  const [query] = useDebouncedValue(typed.trim(), 300);
  return useQuery({
    queryKey: ['order', 'suggestions', 'address', query],
    queryFn: ({ signal }) =>
      api.post<SuggestAddressResponse>('/suggestions/address', { query }, { auth: 'none', signal }),
    enabled: isEnabled && query.length >= 3 && query.length <= 200,
    staleTime: 10 * 60_000,
    retry: false,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
}
