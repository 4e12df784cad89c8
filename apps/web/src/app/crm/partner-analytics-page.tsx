import { PartnerAnalyticsPage } from '@/features/crm-fraud/components/partner-analytics-page';

export { PartnerAnalyticsPage as Component };
