import { AttributionPage } from '@/features/crm-marketing/components/attribution-page';

export { AttributionPage as Component };
