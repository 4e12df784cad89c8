// Chart styles belong to this lazy chunk only.
import '@mantine/charts/styles.css';
import { AttributionPage } from '@/features/crm-marketing/components/attribution-page';

export { AttributionPage as Component };
