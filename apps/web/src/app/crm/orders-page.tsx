import { PartnerOrdersPage } from '@/features/crm-orders/components/partner-orders-page';
import { StaffOrdersPage } from '@/features/crm-orders/components/staff-orders-page';
import { useCrmRole } from '@/lib/session/use-crm-role';

/** /crm/home and /crm/orders: staff see the filtered list, PARTNER the orders of its points. */
function OrdersPage() {
  return useCrmRole() === 'PARTNER' ? <PartnerOrdersPage /> : <StaffOrdersPage />;
}

export { OrdersPage as Component };
