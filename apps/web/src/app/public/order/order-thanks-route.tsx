import { OrderThanks } from '@/features/order-form/components/order-success';

export { OrderThanks as Component };
