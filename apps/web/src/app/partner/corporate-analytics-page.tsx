import { CorporateAnalyticsPage } from '@/features/partner-coupons/components/analytics-page';

export { CorporateAnalyticsPage as Component };
