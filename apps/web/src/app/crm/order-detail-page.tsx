import { StaffOrderDetail } from '@/features/crm-orders/components/staff-order-detail';

export { StaffOrderDetail as Component };
