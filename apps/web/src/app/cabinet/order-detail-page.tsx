import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PaymentOutcomePanel } from '@/components/payment-outcome/payment-outcome';
import { isPaymentId, paymentOutcomeQueryOptions } from '@/components/payment-outcome/payment-outcome-query';
import { CABINET_ORDERS_KEY } from '@/features/cabinet-orders/api/orders';
import { OrderDetailView } from '@/features/cabinet-orders/components/order-detail';
import { OrderDocumentActions } from '@/features/invoices/components/order-document-actions';

/** Back from the payment page (`?payment=<id>`): the outcome above the order; the order reloads once it settles. */
function CabinetPaymentOutcome({ orderId, paymentId }: { orderId: string; paymentId: string }) {
  const queryClient = useQueryClient();
  const outcome = useQuery(paymentOutcomeQueryOptions(orderId, paymentId));
  const status = outcome.data?.isPaid ? 'paid' : outcome.data?.payment?.status;
  useEffect(() => {
    if (status === 'paid' || status === 'not_paid')
      void queryClient.invalidateQueries({ queryKey: CABINET_ORDERS_KEY });
  }, [status, queryClient]);
  return (
    <Box mb="md">
      <PaymentOutcomePanel orderId={orderId} paymentId={paymentId} context="cabinet" />
    </Box>
  );
}

export function OrderDetailPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const payment = searchParams.get('payment');
  return (
    <>
      {payment && isPaymentId(payment) ? (
        <CabinetPaymentOutcome key={`${id}-${payment}`} orderId={id} paymentId={payment} />
      ) : null}
      <OrderDetailView
        key={id}
        orderId={id}
        renderActions={(order) => <OrderDocumentActions orderId={order.id} status={order.status} />}
      />
    </>
  );
}

export { OrderDetailPage as Component };
