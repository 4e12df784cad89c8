import { MESSAGES, type Role } from '@app/contracts';
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
import { CRM_ROUTES, type CrmMenuEntry, type CrmMenuKey } from '@/lib/access/crm-routes';

/**
 * The back-office menus (spec 2): the side menu and the mobile bottom navigation, derived from the page table
 * (lib/access/crm-routes.ts), which declares who may open each page and its menu entry. Only the icons are
 * chosen here (they stay out of the main bundle, where the guard reads the table).
 */
export type CrmMenuItem = Omit<CrmMenuEntry, 'shownTo'> & {
  path: string;
  roles: readonly Role[];
  icon: Icon;
};

const ICONS: Record<CrmMenuKey, Icon> = {
  applications: IconClipboardList,
  stats: IconChartBar,
  marketing: IconSpeakerphone,
  monitoring: IconActivity,
  push: IconBellRinging,
  fraud: IconShieldExclamation,
  users: IconUsers,
  partners: IconBuildingStore,
  'partner-program': IconAffiliate,
  'partner-analytics': IconChartPie,
  'partner-payouts': IconCash,
  adjustments: IconAdjustments,
  tariffs: IconReceipt2,
  offices: IconBuilding,
  holidays: IconCalendarEvent,
  'form-settings': IconForms,
  orders: IconPackage,
};

export const CRM_MENU_ITEMS: readonly CrmMenuItem[] = CRM_ROUTES.flatMap(({ path, roles, menu }) => {
  if (!menu) return [];
  const { shownTo, ...entry } = menu;
  return [{ ...entry, path: `/crm/${path}`, roles: shownTo ?? roles, icon: ICONS[menu.key] }];
});

/** Shown to every role below the role's items. */
export const CABINET_LINK: { key: string; label: string; path: string; icon: Icon } = {
  key: 'cabinet',
  label: 'Личный кабинет',
  path: '/cabinet',
  icon: IconUserCircle,
};

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
