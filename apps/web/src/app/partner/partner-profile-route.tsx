import { PartnerProfilePage } from '@/features/partner-portal/components/partner-profile-page';

export { PartnerProfilePage as Component };
