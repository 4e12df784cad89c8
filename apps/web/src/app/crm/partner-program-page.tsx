import { PartnerProgramPage } from '@/features/crm-partner-program/components/partner-program-page';

export { PartnerProgramPage as Component };
