import { ApiKeysPage } from '@/features/partner-api/components/api-keys-page';

export { ApiKeysPage as Component };
