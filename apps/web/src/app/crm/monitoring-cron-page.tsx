import { CronTab } from '@/features/crm-monitoring/components/cron-tab';
import { MonitoringShell } from '@/features/crm-monitoring/components/monitoring-shell';

/** /crm/monitoring/cron: the Periodic tasks tab (ADMIN). */
export function Component() {
  return (
    <MonitoringShell activePath="/crm/monitoring/cron">
      <CronTab />
    </MonitoringShell>
  );
}
