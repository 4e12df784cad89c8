import type { Role } from '@app/contracts';
import { crmPageRoles } from '@/lib/access/crm-routes';

/**
 * The monitoring tabs (spec 2). Each tab is shown to the roles that may open its page (the page table in
 * lib/access/crm-routes.ts): orders to ADMIN and MANAGER (decision 010), automation and periodic tasks to ADMIN
 * (spec 6). The server enforces the same split.
 */
export type MonitoringTab = { path: string; label: string; roles: readonly Role[] };

export const MONITORING_TABS: readonly MonitoringTab[] = [
  { path: '/crm/monitoring', label: 'Заказы', roles: crmPageRoles('monitoring') },
  { path: '/crm/monitoring/queue', label: 'Автоматизация', roles: crmPageRoles('monitoring/queue') },
  { path: '/crm/monitoring/cron', label: 'Периодические задачи', roles: crmPageRoles('monitoring/cron') },
];

export function getMonitoringTabs(role: Role | null): MonitoringTab[] {
  return role ? MONITORING_TABS.filter((tab) => tab.roles.includes(role)) : [];
}

/** ADMIN may act on jobs (retry, cancel); MANAGER only reads an order's jobs and events. */
export function canManageJobs(role: Role | null): boolean {
  return role === 'ADMIN';
}
