import { OrderStatusPage } from '@/features/order-status/components/order-status-page';

export { OrderStatusPage as Component };
