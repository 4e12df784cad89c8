import { CRM_ROLES, STAFF_ROLES, type Role } from '@app/contracts';

/**
 * Every back-office page, its Russian title and the roles that may open it (spec 2, 6). The router builds
 * the CRM routes from this table and the CRM guard checks it, so the two cannot drift.
 */
export const ADMIN_ONLY = ['ADMIN'] as const satisfies readonly Role[];

export type CrmRouteDefinition = {
  /** Path below /crm, with `:param` segments. */
  path: string;
  title: string;
  roles: readonly Role[];
};

export const CRM_ROUTES: readonly CrmRouteDefinition[] = [
  { path: 'home', title: 'Заявки', roles: STAFF_ROLES },
  // PARTNER reaches the order list through its menu item (spec 6).
  { path: 'orders', title: 'Заказы', roles: CRM_ROLES },
  { path: 'orders/:id', title: 'Заказ', roles: CRM_ROLES },
  { path: 'stats', title: 'Статистика', roles: ADMIN_ONLY },
  { path: 'form-settings', title: 'Настройки формы', roles: ADMIN_ONLY },
  { path: 'users', title: 'Пользователи', roles: ADMIN_ONLY },
  { path: 'partner', title: 'Партнёры', roles: ADMIN_ONLY },
  { path: 'partner/:partnerId/points', title: 'Пункты выдачи партнёра', roles: ADMIN_ONLY },
  { path: 'partner-program', title: 'Партнёрская программа', roles: ADMIN_ONLY },
  { path: 'partner-program/applications', title: 'Заявки в партнёрскую программу', roles: ADMIN_ONLY },
  { path: 'partner-analytics', title: 'Аналитика партнёров', roles: ADMIN_ONLY },
  { path: 'partner-payouts', title: 'Выплаты партнёрам', roles: ADMIN_ONLY },
  { path: 'tariffs', title: 'Тарифы', roles: ADMIN_ONLY },
  { path: 'tariffs/:id', title: 'Тариф', roles: ADMIN_ONLY },
  { path: 'offices', title: 'Офисы', roles: ADMIN_ONLY },
  { path: 'holidays', title: 'Праздничные дни', roles: ADMIN_ONLY },
  { path: 'push-notifications', title: 'Push-уведомления', roles: STAFF_ROLES },
  { path: 'monitoring', title: 'Мониторинг', roles: STAFF_ROLES },
  // Automation and periodic tasks are ADMIN-only tabs of monitoring (spec 6).
  { path: 'monitoring/queue', title: 'Мониторинг: автоматизация', roles: ADMIN_ONLY },
  { path: 'monitoring/cron', title: 'Мониторинг: периодические задачи', roles: ADMIN_ONLY },
  { path: 'monitoring/order/:orderId', title: 'Мониторинг заказа', roles: STAFF_ROLES },
  { path: 'fraud-monitoring', title: 'Фрод-мониторинг', roles: ADMIN_ONLY },
  { path: 'commission-adjustments', title: 'Корректировки комиссий', roles: ADMIN_ONLY },
  { path: 'marketing', title: 'Маркетинг', roles: STAFF_ROLES },
  { path: 'marketing/campaigns', title: 'Маркетинг: кампании', roles: STAFF_ROLES },
  { path: 'marketing/analytics', title: 'Маркетинг: аналитика', roles: STAFF_ROLES },
  { path: 'marketing/utm-builder', title: 'Маркетинг: UTM-конструктор', roles: STAFF_ROLES },
  { path: 'marketing/funnel', title: 'Маркетинг: воронка', roles: STAFF_ROLES },
  { path: 'marketing/lead-scoring', title: 'Маркетинг: скоринг лидов', roles: STAFF_ROLES },
  { path: 'marketing/touchpoints', title: 'Маркетинг: точки касания', roles: STAFF_ROLES },
  { path: 'marketing/attribution', title: 'Маркетинг: атрибуция', roles: STAFF_ROLES },
  { path: 'marketing/sources-report', title: 'Маркетинг: отчёт по источникам', roles: STAFF_ROLES },
];

function matchesPattern(pattern: string, path: string): boolean {
  const patternSegments = pattern.split('/').filter(Boolean);
  const pathSegments = path.split('/').filter(Boolean);
  return (
    patternSegments.length === pathSegments.length &&
    patternSegments.every((segment, index) => segment.startsWith(':') || segment === pathSegments[index])
  );
}

/** The table entry of a /crm/... pathname, or null for /crm itself and unknown pages. */
export function findCrmRoute(pathname: string): CrmRouteDefinition | null {
  const below = pathname.replace(/^\/crm\/?/, '').replace(/\/+$/, '');
  return CRM_ROUTES.find((route) => matchesPattern(route.path, below)) ?? null;
}

/** Unknown CRM pages (the 404 inside the back office) need the full staff view. */
export function getCrmRouteRoles(pathname: string): readonly Role[] {
  return findCrmRoute(pathname)?.roles ?? STAFF_ROLES;
}

/** Where each CRM role starts: staff on the applications list, PARTNER on its only page. */
export function getCrmHomePath(role: Role | null): string {
  return role === 'PARTNER' ? '/crm/orders' : '/crm/home';
}
