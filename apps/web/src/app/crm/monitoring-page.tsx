import { MonitoringShell } from '@/features/crm-monitoring/components/monitoring-shell';
import { OrdersTab } from '@/features/crm-monitoring/components/orders-tab';

/** /crm/monitoring: the Orders tab (ADMIN, MANAGER). */
export function Component() {
  return (
    <MonitoringShell activePath="/crm/monitoring">
      <OrdersTab />
    </MonitoringShell>
  );
}
