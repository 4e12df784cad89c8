import { SourcesReportPage } from '@/features/crm-marketing/components/sources-report-page';

export { SourcesReportPage as Component };
