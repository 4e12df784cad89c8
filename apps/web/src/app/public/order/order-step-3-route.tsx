import { OrderStep3 } from '@/features/order-form/components/order-step3';

export { OrderStep3 as Component };
