// Chart styles belong to this lazy chunk only (the date input brings its own).
import '@mantine/charts/styles.css';
import { MarketingEventsPage } from '@/features/crm-marketing/components/events-page';

export { MarketingEventsPage as Component };
