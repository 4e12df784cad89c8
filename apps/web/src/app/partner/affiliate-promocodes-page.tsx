import { PartnerPromoCodesPage } from '@/features/partner-referrals/components/promocodes-page';

export { PartnerPromoCodesPage as Component };
