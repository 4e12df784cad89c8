import { STAFF_ROLES, type Role } from '@app/contracts';
import { ADMIN_ONLY } from '@/lib/access/crm-routes';

/**
 * The monitoring tabs (spec 2). Orders needs the view_orders flag (ADMIN and MANAGER, decision 010);
 * automation and periodic tasks are ADMIN-only (spec 6). The server enforces the same split.
 */
export type MonitoringTab = { path: string; label: string; roles: readonly Role[] };

export const MONITORING_TABS: readonly MonitoringTab[] = [
  { path: '/crm/monitoring', label: 'Заказы', roles: STAFF_ROLES },
  { path: '/crm/monitoring/queue', label: 'Автоматизация', roles: ADMIN_ONLY },
  { path: '/crm/monitoring/cron', label: 'Периодические задачи', roles: ADMIN_ONLY },
];

export function getMonitoringTabs(role: Role | null): MonitoringTab[] {
  return role ? MONITORING_TABS.filter((tab) => tab.roles.includes(role)) : [];
}

/** ADMIN may act on jobs (retry, cancel); MANAGER only reads an order's jobs and events. */
export function canManageJobs(role: Role | null): boolean {
  return role === 'ADMIN';
}
