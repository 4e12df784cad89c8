import { OrganizationForm } from '@/features/profile/components/organization-form';

export { OrganizationForm as Component };
