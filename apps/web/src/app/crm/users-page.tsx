import { UsersPage } from '@/features/crm-users/components/users-page';

export { UsersPage as Component };
