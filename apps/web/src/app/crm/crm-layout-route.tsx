import { CrmLayout } from '@/components/layouts/crm-layout';

/** Lazy route module of the back office shell (own chunk, spec: public pages never download it). */
export { CrmLayout as Component };
