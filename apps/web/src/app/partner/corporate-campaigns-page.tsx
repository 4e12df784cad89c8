import { CouponCampaignsPage } from '@/features/partner-coupons/components/campaigns-page';

export { CouponCampaignsPage as Component };
