import { PagePlaceholder } from '@/components/page-placeholder';

/** CRM pages not built yet: their title (route handle) and an empty state. */
export { PagePlaceholder as Component };
