import { FunnelPage } from '@/features/crm-marketing/components/funnel-page';

export { FunnelPage as Component };
