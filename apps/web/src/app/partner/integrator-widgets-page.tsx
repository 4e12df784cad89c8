import { PartnerWidgetsPage } from '@/features/partner-widgets/components/widgets-page';

export { PartnerWidgetsPage as Component };
