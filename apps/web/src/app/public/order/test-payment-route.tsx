import { TestPayment } from '@/features/order-form/components/test-payment';

export { TestPayment as Component };
