import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentLink, TestPayment } from '@app/contracts';
import { api } from '@/lib/api-client';

export function createPaymentLink(orderId: string, email: string | null): Promise<PaymentLink> {
  return api.post<PaymentLink>(
    `/order/${encodeURIComponent(orderId)}/create-payment-link`,
    { email },
    {
      auth: 'none',
    },
  );
}

export function useCreatePaymentLink(orderId: string) {
  return useMutation({ mutationFn: (email: string | null) => createPaymentLink(orderId, email) });
}

export function testPaymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: ['payments', 'test', paymentId],
    queryFn: () => api.get<TestPayment>(`/payments/test/${encodeURIComponent(paymentId)}`, { auth: 'none' }),
  });
}

export function useTestPayment(paymentId: string) {
  return useQuery(testPaymentQueryOptions(paymentId));
}

export function useDecideTestPayment(paymentId: string) {
  return useMutation({
    mutationFn: (decision: 'confirm' | 'decline') =>
      api.post<TestPayment>(`/payments/test/${encodeURIComponent(paymentId)}/${decision}`, undefined, {
        auth: 'none',
      }),
  });
}
