import { PartnerLinksPage } from '@/features/partner-referrals/components/links-page';

export { PartnerLinksPage as Component };
