import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { GuestOrderStatus, PaymentLink } from '@app/contracts';
import { api } from '@/lib/api-client';

/** The guest status page's order, by the token of the e-mails' link (decision 036). No sign-in. */
export function orderStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['order-status', token],
    queryFn: () => api.get<GuestOrderStatus>(`/order-status/${encodeURIComponent(token)}`, { auth: 'none' }),
    retry: false,
  });
}

export function useOrderStatus(token: string) {
  return useQuery(orderStatusQueryOptions(token));
}

/** Pays the order by the same token: the provider's page, then back to the status page. */
export function usePayByStatusToken(token: string) {
  return useMutation({
    mutationFn: () =>
      api.post<PaymentLink>(`/order-status/${encodeURIComponent(token)}/payment-link`, undefined, {
        auth: 'none',
      }),
  });
}
