import { CouponBatchesPage } from '@/features/partner-coupons/components/coupon-batches-page';

export { CouponBatchesPage as Component };
