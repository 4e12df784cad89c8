import { MESSAGES, STAFF_ROLES, type Role } from '@app/contracts';
import {
  IconActivity,
  IconAdjustments,
  IconAffiliate,
  IconBellRinging,
  IconBuilding,
  IconBuildingStore,
  IconCalendarEvent,
  IconCash,
  IconChartBar,
  IconChartPie,
  IconClipboardList,
  IconForms,
  IconPackage,
  IconReceipt2,
  IconShieldExclamation,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { ADMIN_ONLY } from '@/lib/access/crm-routes';

/** The back-office menus (spec 2): one table for the side menu and the mobile bottom navigation. */
export type CrmMenuItem = {
  key: string;
  label: string;
  /** Short label for the bottom navigation. */
  shortLabel: string;
  path: string;
  icon: Icon;
  roles: readonly Role[];
  /** Shown in the mobile bottom navigation as well. */
  isInBottomNav: boolean;
};

const PARTNER_ONLY = ['PARTNER'] as const satisfies readonly Role[];

export const CRM_MENU_ITEMS: readonly CrmMenuItem[] = [
  item('applications', 'Заявки', 'Заявки', '/crm/home', IconClipboardList, STAFF_ROLES, true),
  item('stats', 'Статистика', 'Статистика', '/crm/stats', IconChartBar, ADMIN_ONLY, true),
  item('marketing', 'Маркетинг', 'Маркетинг', '/crm/marketing', IconSpeakerphone, STAFF_ROLES, true),
  item('monitoring', 'Мониторинг', 'Мониторинг', '/crm/monitoring', IconActivity, STAFF_ROLES, false),
  item('push', 'Push-уведомления', 'Push', '/crm/push-notifications', IconBellRinging, STAFF_ROLES, false),
  item('fraud', 'Фрод-мониторинг', 'Фрод', '/crm/fraud-monitoring', IconShieldExclamation, ADMIN_ONLY, false),
  item('users', 'Пользователи', 'Пользователи', '/crm/users', IconUsers, ADMIN_ONLY, true),
  item('partners', 'Партнёры', 'Партнёры', '/crm/partner', IconBuildingStore, ADMIN_ONLY, true),
  item(
    'partner-program',
    'Партнёрская программа',
    'Программа',
    '/crm/partner-program',
    IconAffiliate,
    ADMIN_ONLY,
    false,
  ),
  item(
    'partner-analytics',
    'Аналитика партнёров',
    'Аналитика',
    '/crm/partner-analytics',
    IconChartPie,
    ADMIN_ONLY,
    false,
  ),
  item(
    'partner-payouts',
    'Выплаты партнёрам',
    'Выплаты',
    '/crm/partner-payouts',
    IconCash,
    ADMIN_ONLY,
    false,
  ),
  item(
    'adjustments',
    'Корректировки',
    'Корректировки',
    '/crm/commission-adjustments',
    IconAdjustments,
    ADMIN_ONLY,
    false,
  ),
  item('tariffs', 'Тарифы', 'Тарифы', '/crm/tariffs', IconReceipt2, ADMIN_ONLY, true),
  item('offices', 'Офисы', 'Офисы', '/crm/offices', IconBuilding, ADMIN_ONLY, false),
  item('holidays', 'Праздничные дни', 'Праздники', '/crm/holidays', IconCalendarEvent, ADMIN_ONLY, true),
  item('form-settings', 'Настройки формы', 'Форма', '/crm/form-settings', IconForms, ADMIN_ONLY, false),
  item('orders', 'Заказы', 'Заказы', '/crm/orders', IconPackage, PARTNER_ONLY, true),
];

/** Shown to every role below the role's items. */
export const CABINET_LINK = {
  key: 'cabinet',
  label: 'Личный кабинет',
  path: '/cabinet',
  icon: IconUserCircle,
} as const;

function item(
  key: string,
  label: string,
  shortLabel: string,
  path: string,
  icon: Icon,
  roles: readonly Role[],
  isInBottomNav: boolean,
): CrmMenuItem {
  return { key, label, shortLabel, path, icon, roles, isInBottomNav };
}

export type CrmMenu = { kind: 'items'; items: CrmMenuItem[] } | { kind: 'message'; message: string };

export function getCrmMenu(role: Role | null): CrmMenu {
  if (!role) return { kind: 'message', message: MESSAGES.roleUndefined };
  const items = CRM_MENU_ITEMS.filter((entry) => entry.roles.includes(role));
  return items.length > 0 ? { kind: 'items', items } : { kind: 'message', message: MESSAGES.noMenuItems };
}

export function getCrmBottomNavItems(role: Role | null): CrmMenuItem[] {
  if (!role) return [];
  return CRM_MENU_ITEMS.filter((entry) => entry.isInBottomNav && entry.roles.includes(role));
}
