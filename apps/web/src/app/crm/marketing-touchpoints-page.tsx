import { TouchpointsPage } from '@/features/crm-marketing/components/touchpoints-page';

export { TouchpointsPage as Component };
