import { OrdersList } from '@/features/cabinet-orders/components/orders-list';

export { OrdersList as Component };
