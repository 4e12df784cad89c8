import { AdjustmentsPage } from '@/features/partner-money/components/adjustments-page';

export { AdjustmentsPage as Component };
