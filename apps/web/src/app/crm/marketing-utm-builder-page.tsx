// Chart styles belong to this lazy chunk only (the date input brings its own).
import '@mantine/charts/styles.css';
import { UtmBuilderPage } from '@/features/crm-marketing/components/utm-builder-page';

export { UtmBuilderPage as Component };
