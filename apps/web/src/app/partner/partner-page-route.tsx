import { PagePlaceholder } from '@/components/page-placeholder';

export { PagePlaceholder as Component };
