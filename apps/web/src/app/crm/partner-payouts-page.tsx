import { PayoutsPage } from '@/features/partner-money/components/payouts-page';

export { PayoutsPage as Component };
