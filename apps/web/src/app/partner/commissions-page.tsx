import { PartnerCommissionsPage } from '@/features/partner-money/components/partner-commissions-page';

export { PartnerCommissionsPage as Component };
