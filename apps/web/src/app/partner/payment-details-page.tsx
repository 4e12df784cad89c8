import { PaymentDetailsPage } from '@/features/partner-payment-details/components/payment-details-page';

export { PaymentDetailsPage as Component };
