import type { PromoValidateResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function promoQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['order', 'promo', code],
    queryFn: ({ signal }) =>
      api.get<PromoValidateResponse>('/form-settings/promocode/validate', {
        query: { code },
        auth: 'none',
        signal,
      }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** Checks a (debounced, normalised) promo code; an empty code is not asked about. */
export function usePromoValidation(code: string) {
  return useQuery({ ...promoQueryOptions(code), enabled: code.length > 0 });
}
