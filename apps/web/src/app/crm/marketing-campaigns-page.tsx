import { CampaignsPage } from '@/features/crm-marketing/components/campaigns-page';

export { CampaignsPage as Component };
