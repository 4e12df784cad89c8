import { UtmBuilderPage } from '@/features/crm-marketing/components/utm-builder-page';

export { UtmBuilderPage as Component };
