import { PartnerApplicationsPage } from '@/features/crm-partner-program/components/partner-applications-page';

export { PartnerApplicationsPage as Component };
