// Chart styles belong to this lazy chunk only (the date input brings its own).
import '@mantine/charts/styles.css';
import { MarketingDashboardPage } from '@/features/crm-marketing/components/marketing-dashboard-page';

export { MarketingDashboardPage as Component };
