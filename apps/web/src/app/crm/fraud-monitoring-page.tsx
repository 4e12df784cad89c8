import { FraudMonitoringPage } from '@/features/crm-fraud/components/fraud-monitoring-page';

export { FraudMonitoringPage as Component };
