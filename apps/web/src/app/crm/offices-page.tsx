import { OfficesPage } from '@/features/crm-offices/components/offices-page';

export { OfficesPage as Component };
