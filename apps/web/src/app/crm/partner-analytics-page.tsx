// Chart styles belong to this lazy chunk only (the date input brings its own).
import '@mantine/charts/styles.css';
import { PartnerAnalyticsPage } from '@/features/crm-fraud/components/partner-analytics-page';

export { PartnerAnalyticsPage as Component };
