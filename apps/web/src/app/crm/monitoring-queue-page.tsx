import { MonitoringShell } from '@/features/crm-monitoring/components/monitoring-shell';
import { QueueTab } from '@/features/crm-monitoring/components/queue-tab';

/** /crm/monitoring/queue: the Automation tab (ADMIN). */
export function Component() {
  return (
    <MonitoringShell activePath="/crm/monitoring/queue">
      <QueueTab />
    </MonitoringShell>
  );
}
