import { ADMIN_ROLES, CRM_ROLES, PARTNER_ROLES, STAFF_ROLES, type Role } from '@app/contracts';

/**
 * Every back-office page, in menu order: its Russian title, the roles that may open it (spec 2, 6) and, for the
 * pages the side menu lists, its menu entry. The router builds the CRM routes from this table, the CRM guard
 * checks it, and the side menu, the bottom navigation and the monitoring tabs are derived from it: permissions
 * of the web app are declared here and nowhere else (the server's own proof is the route matrix test). The role
 * groups are the contracts' (STAFF_ROLES, ADMIN_ROLES, CRM_ROLES, PARTNER_ROLES), the vocabulary the API shares.
 */

export type CrmMenuKey =
  | 'applications'
  | 'stats'
  | 'marketing'
  | 'monitoring'
  | 'push'
  | 'fraud'
  | 'users'
  | 'partners'
  | 'partner-program'
  | 'partner-analytics'
  | 'partner-payouts'
  | 'adjustments'
  | 'tariffs'
  | 'offices'
  | 'holidays'
  | 'form-settings'
  | 'orders';

export type CrmMenuEntry = {
  /** Stable key (React key, tests; the menu's icon is chosen by it in components/menus/crm-menu.ts). */
  key: CrmMenuKey;
  label: string;
  /** Short label for the bottom navigation. */
  shortLabel: string;
  /** Shown in the mobile bottom navigation as well. */
  isInBottomNav: boolean;
  /** Who sees the item, when fewer roles than may open the page (PARTNER's orders). */
  shownTo?: readonly Role[];
};

export type CrmRouteDefinition = {
  /** Path below /crm, with `:param` segments. */
  path: string;
  title: string;
  roles: readonly Role[];
  menu?: CrmMenuEntry;
};

function menu(
  key: CrmMenuKey,
  label: string,
  shortLabel: string,
  isInBottomNav: boolean,
  shownTo?: readonly Role[],
): CrmMenuEntry {
  return { key, label, shortLabel, isInBottomNav, ...(shownTo ? { shownTo } : {}) };
}

export const CRM_ROUTES: readonly CrmRouteDefinition[] = [
  {
    path: 'home',
    title: 'Заявки',
    roles: STAFF_ROLES,
    menu: menu('applications', 'Заявки', 'Заявки', true),
  },
  {
    path: 'stats',
    title: 'Статистика',
    roles: ADMIN_ROLES,
    menu: menu('stats', 'Статистика', 'Статистика', true),
  },
  {
    path: 'marketing',
    title: 'Маркетинг',
    roles: STAFF_ROLES,
    menu: menu('marketing', 'Маркетинг', 'Маркетинг', true),
  },
  { path: 'marketing/campaigns', title: 'Маркетинг: кампании', roles: STAFF_ROLES },
  { path: 'marketing/analytics', title: 'Маркетинг: аналитика', roles: STAFF_ROLES },
  { path: 'marketing/utm-builder', title: 'Маркетинг: UTM-конструктор', roles: STAFF_ROLES },
  { path: 'marketing/funnel', title: 'Маркетинг: воронка', roles: STAFF_ROLES },
  { path: 'marketing/lead-scoring', title: 'Маркетинг: скоринг лидов', roles: STAFF_ROLES },
  { path: 'marketing/touchpoints', title: 'Маркетинг: точки касания', roles: STAFF_ROLES },
  { path: 'marketing/attribution', title: 'Маркетинг: атрибуция', roles: STAFF_ROLES },
  { path: 'marketing/sources-report', title: 'Маркетинг: отчёт по источникам', roles: STAFF_ROLES },
  {
    path: 'monitoring',
    title: 'Мониторинг',
    roles: STAFF_ROLES,
    menu: menu('monitoring', 'Мониторинг', 'Мониторинг', false),
  },
  // Automation and periodic tasks are ADMIN-only tabs of monitoring (spec 6).
  { path: 'monitoring/queue', title: 'Мониторинг: автоматизация', roles: ADMIN_ROLES },
  { path: 'monitoring/cron', title: 'Мониторинг: периодические задачи', roles: ADMIN_ROLES },
  { path: 'monitoring/order/:orderId', title: 'Мониторинг заказа', roles: STAFF_ROLES },
  // One job: MANAGER reaches it from an order's jobs, with personal data masked (decision 056).
  { path: 'monitoring/job/:id', title: 'Задача', roles: STAFF_ROLES },
  {
    path: 'push-notifications',
    title: 'Push-уведомления',
    roles: STAFF_ROLES,
    menu: menu('push', 'Push-уведомления', 'Push', false),
  },
  {
    path: 'fraud-monitoring',
    title: 'Фрод-мониторинг',
    roles: ADMIN_ROLES,
    menu: menu('fraud', 'Фрод-мониторинг', 'Фрод', false),
  },
  {
    path: 'users',
    title: 'Пользователи',
    roles: ADMIN_ROLES,
    menu: menu('users', 'Пользователи', 'Люди', true),
  },
  {
    path: 'partner',
    title: 'Партнёры',
    roles: ADMIN_ROLES,
    menu: menu('partners', 'Партнёры', 'Партнёры', true),
  },
  { path: 'partner/:partnerId/points', title: 'Пункты выдачи партнёра', roles: ADMIN_ROLES },
  {
    path: 'partner-program',
    title: 'Партнёрская программа',
    roles: ADMIN_ROLES,
    menu: menu('partner-program', 'Партнёрская программа', 'Программа', false),
  },
  { path: 'partner-program/applications', title: 'Заявки в партнёрскую программу', roles: ADMIN_ROLES },
  {
    path: 'partner-analytics',
    title: 'Аналитика партнёров',
    roles: ADMIN_ROLES,
    menu: menu('partner-analytics', 'Аналитика партнёров', 'Аналитика', false),
  },
  {
    path: 'partner-payouts',
    title: 'Выплаты партнёрам',
    roles: ADMIN_ROLES,
    menu: menu('partner-payouts', 'Выплаты партнёрам', 'Выплаты', false),
  },
  {
    path: 'commission-adjustments',
    title: 'Корректировки комиссий',
    roles: ADMIN_ROLES,
    menu: menu('adjustments', 'Корректировки', 'Корректировки', false),
  },
  {
    path: 'tariffs',
    title: 'Тарифы',
    roles: ADMIN_ROLES,
    menu: menu('tariffs', 'Тарифы', 'Тарифы', true),
  },
  { path: 'tariffs/:id', title: 'Тариф', roles: ADMIN_ROLES },
  {
    path: 'offices',
    title: 'Офисы',
    roles: ADMIN_ROLES,
    menu: menu('offices', 'Офисы', 'Офисы', false),
  },
  {
    path: 'holidays',
    title: 'Праздничные дни',
    roles: ADMIN_ROLES,
    menu: menu('holidays', 'Праздничные дни', 'Праздники', true),
  },
  {
    path: 'form-settings',
    title: 'Настройки формы',
    roles: ADMIN_ROLES,
    menu: menu('form-settings', 'Настройки формы', 'Форма', false),
  },
  // Every CRM role may open the order list; only PARTNER has it in the menu (staff reach it as «Заявки»).
  {
    path: 'orders',
    title: 'Заказы',
    roles: CRM_ROLES,
    menu: menu('orders', 'Заказы', 'Заказы', true, PARTNER_ROLES),
  },
  { path: 'orders/:id', title: 'Заказ', roles: CRM_ROLES },
  // Reached from an order's page (issue 17), not from the menu.
  { path: 'customers/:id', title: 'Клиент', roles: STAFF_ROLES },
];

/** The roles that may open a page of the table, by its path below /crm (a typo fails at start, not silently). */
export function crmPageRoles(path: string): readonly Role[] {
  const route = CRM_ROUTES.find((entry) => entry.path === path);
  if (!route) throw new Error(`No CRM page ${path} in CRM_ROUTES`);
  return route.roles;
}

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
