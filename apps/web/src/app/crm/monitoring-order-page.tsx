import { OrderMonitoringPage } from '@/features/crm-monitoring/components/order-monitoring-page';

export { OrderMonitoringPage as Component };
