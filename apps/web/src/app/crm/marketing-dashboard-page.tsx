import { MarketingDashboardPage } from '@/features/crm-marketing/components/marketing-dashboard-page';

export { MarketingDashboardPage as Component };
