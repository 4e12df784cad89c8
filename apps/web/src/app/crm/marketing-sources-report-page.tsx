// Chart styles belong to this lazy chunk only (the date input brings its own).
import '@mantine/charts/styles.css';
import { SourcesReportPage } from '@/features/crm-marketing/components/sources-report-page';

export { SourcesReportPage as Component };
