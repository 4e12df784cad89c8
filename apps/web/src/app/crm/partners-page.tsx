import { PartnersPage } from '@/features/crm-partners/components/partners-page';

export { PartnersPage as Component };
