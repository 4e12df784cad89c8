// Chart styles belong to this lazy chunk only.
import '@mantine/charts/styles.css';
import { FunnelPage } from '@/features/crm-marketing/components/funnel-page';

export { FunnelPage as Component };
