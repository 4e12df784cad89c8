import { PartnerDashboardPage } from '@/features/partner-referrals/components/dashboard-page';

export { PartnerDashboardPage as Component };
