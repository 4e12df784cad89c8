import { OrderStep1 } from '@/features/order-form/components/order-step1';

export { OrderStep1 as Component };
