import { OrderSuccess } from '@/features/order-form/components/order-success';

export { OrderSuccess as Component };
