import type { PaymentDetailsRequest, PaymentDetailsResponse, SuccessResponse } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const paymentDetailsQuery = queryOptions({
  queryKey: ['partner', 'payment-details'],
  queryFn: () => api.get<PaymentDetailsResponse>('/partner/payment-details'),
});

export function usePaymentDetails() {
  return useQuery(paymentDetailsQuery);
}

export function useSavePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentDetailsRequest) =>
      api.put<PaymentDetailsResponse>('/partner/payment-details', body),
    onSuccess: (data) => queryClient.setQueryData(paymentDetailsQuery.queryKey, data),
  });
}

/** The mailed link's token: no session needed (the link may be opened on another device). */
export function useConfirmPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<SuccessResponse>('/partner/payment-details/confirm', { token }, { auth: 'optional' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentDetailsQuery.queryKey }),
  });
}
