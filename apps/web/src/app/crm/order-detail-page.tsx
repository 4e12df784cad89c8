import { PartnerOrderDetail } from '@/features/crm-orders/components/partner-order-detail';
// The refund form's Russian date picker (decision 046) belongs to this lazy chunk only.
import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import { StaffOrderDetail } from '@/features/crm-orders/components/staff-order-detail';
import { OrderDocumentActions } from '@/features/invoices/components/order-document-actions';
import { useCrmRole } from '@/lib/session/use-crm-role';

/**
 * /crm/orders/:id: staff get the full order page with its invoice and act, PARTNER the read-only page of an
 * order to its point.
 */
function OrderDetailPage() {
  return useCrmRole() === 'PARTNER' ? (
    <PartnerOrderDetail />
  ) : (
    <StaffOrderDetail
      documentActions={(order) => (
        <OrderDocumentActions orderId={order.id} status={order.status} area="crm" />
      )}
    />
  );
}

export { OrderDetailPage as Component };
