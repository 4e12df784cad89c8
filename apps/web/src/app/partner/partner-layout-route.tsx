import { PartnerLayout } from '@/components/layouts/partner-layout';

export { PartnerLayout as Component };
