import { OrderStep2 } from '@/features/order-form/components/order-step2';

export { OrderStep2 as Component };
