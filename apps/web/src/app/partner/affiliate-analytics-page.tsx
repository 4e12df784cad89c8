import { PartnerAnalyticsPage } from '@/features/partner-referrals/components/analytics-page';

export { PartnerAnalyticsPage as Component };
