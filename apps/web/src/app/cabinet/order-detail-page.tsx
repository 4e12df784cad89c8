import { useParams } from 'react-router';
import { OrderDetailView } from '@/features/cabinet-orders/components/order-detail';
import { OrderDocumentActions } from '@/features/invoices/components/order-document-actions';

export function OrderDetailPage() {
  const { id = '' } = useParams();
  return (
    <OrderDetailView
      key={id}
      orderId={id}
      renderActions={(order) => <OrderDocumentActions orderId={order.id} status={order.status} />}
    />
  );
}

export { OrderDetailPage as Component };
