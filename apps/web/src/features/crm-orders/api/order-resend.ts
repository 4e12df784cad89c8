import type { OrderResendMail, OrderResendResponse } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderTimelineQueryOptions } from './order-edit';

/** Sends the order confirmation or a payment link to the customer again (decision 057); the timeline shows it. */
export function useResendOrderMail(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mail: OrderResendMail) =>
      api.post<OrderResendResponse>(
        `/order/${encodeURIComponent(orderId)}/resend`,
        { mail },
        { area: 'crm' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderTimelineQueryOptions(orderId).queryKey }),
  });
}
