import { JobDetailPage } from '@/features/crm-monitoring/components/job-detail-page';

/** /crm/monitoring/job/:id: one job (ADMIN, MANAGER with personal data masked). */
export { JobDetailPage as Component };
