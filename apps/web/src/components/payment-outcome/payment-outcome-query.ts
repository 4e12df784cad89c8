import type { PaymentLink, PaymentOutcome } from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While a payment is pending the page asks again this often, for at most `PENDING_POLL_LIMIT_MS`. */
export const PENDING_POLL_INTERVAL_MS = 3000;
export const PENDING_POLL_LIMIT_MS = 2 * 60 * 1000;

/** `?payment=` names a payment by its id (a UUID); anything else (an old `?payment=return`) names none. */
export function isPaymentId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The server's view of an order and, when named, one of its payments (decision 035); never the URL's. */
export function paymentOutcomeQueryOptions(orderId: string, paymentId: string | undefined) {
  return queryOptions({
    queryKey: ['payments', 'outcome', orderId, paymentId ?? null],
    queryFn: () =>
      api.get<PaymentOutcome>(`/order/${encodeURIComponent(orderId)}/payment-outcome`, {
        query: { payment: paymentId },
        auth: 'none',
      }),
    // The page shows its own state (404 → «Заказ не найден»), not a toast.
    meta: { silent: true },
    retry: false,
  });
}

/** Polls while the payment is pending, until it settles or `pollingSince` is older than the limit. */
export function usePaymentOutcome(orderId: string, paymentId: string | undefined, pollingSince: number) {
  return useQuery({
    ...paymentOutcomeQueryOptions(orderId, paymentId),
    enabled: orderId !== '',
    refetchInterval: (query) =>
      query.state.data?.payment?.status === 'pending' &&
      !query.state.data.isPaid &&
      Date.now() - pollingSince < PENDING_POLL_LIMIT_MS
        ? PENDING_POLL_INTERVAL_MS
        : false,
  });
}

/** A new link after a payment that did not go through; the payment the payer came back from stands for the e-mail. */
export function useRetryPayment(orderId: string) {
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<PaymentLink>(
        `/order/${encodeURIComponent(orderId)}/retry-payment`,
        { paymentId },
        { auth: 'none' },
      ),
  });
}
