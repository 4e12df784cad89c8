// Chart styles belong to this lazy chunk only (the date input brings its own).
import '@mantine/charts/styles.css';
import { CampaignsPage } from '@/features/crm-marketing/components/campaigns-page';

export { CampaignsPage as Component };
