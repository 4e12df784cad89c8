import { PartnerPayoutsPage } from '@/features/partner-money/components/partner-payouts-page';

export { PartnerPayoutsPage as Component };
