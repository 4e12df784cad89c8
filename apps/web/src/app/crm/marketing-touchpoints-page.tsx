// Chart styles belong to this lazy chunk only.
import '@mantine/charts/styles.css';
import { TouchpointsPage } from '@/features/crm-marketing/components/touchpoints-page';

export { TouchpointsPage as Component };
