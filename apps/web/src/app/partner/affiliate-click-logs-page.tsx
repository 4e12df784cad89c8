import { PartnerClickLogsPage } from '@/features/partner-referrals/components/click-logs-page';

export { PartnerClickLogsPage as Component };
