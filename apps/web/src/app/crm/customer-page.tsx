import { CustomerPage } from '@/features/crm-customers/components/customer-page';

export { CustomerPage as Component };
