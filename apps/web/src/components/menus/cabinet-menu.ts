import { CRM_ROLES, type Role } from '@app/contracts';
import {
  IconBell,
  IconFilePlus,
  IconLayoutDashboard,
  IconPackage,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

/** Cabinet navigation (spec 2): header links on wide screens, bottom navigation on phones. */
export type CabinetNavItem = {
  key: 'orders' | 'new-order' | 'notifications' | 'profile' | 'crm';
  label: string;
  path: string;
  icon: Icon;
};

export const NEW_ORDER_PATH = '/order?reset=true';

const BASE_ITEMS: readonly CabinetNavItem[] = [
  { key: 'orders', label: 'Заказы', path: '/cabinet/orders', icon: IconPackage },
  { key: 'new-order', label: 'Новый', path: NEW_ORDER_PATH, icon: IconFilePlus },
  { key: 'notifications', label: 'Уведомления', path: '/cabinet/notifications', icon: IconBell },
  { key: 'profile', label: 'Профиль', path: '/cabinet/profile', icon: IconUser },
];

/** Cabinet pages listed in the header menu on wide screens. */
export const CABINET_HEADER_LINKS = [
  { label: 'Заказы', path: '/cabinet/orders' },
  { label: 'Уведомления', path: '/cabinet/notifications' },
  { label: 'Профиль', path: '/cabinet/profile' },
  { label: 'Организация', path: '/cabinet/organization' },
  { label: 'Счета', path: '/cabinet/invoices' },
] as const;

/** The CRM entry appears for ADMIN, MANAGER or PARTNER; without a CRM token it goes through /admin-redirect. */
export function getCabinetNavItems(input: { role: Role | null; hasCrmToken: boolean }): CabinetNavItem[] {
  const { role, hasCrmToken } = input;
  if (!role || !(CRM_ROLES as readonly Role[]).includes(role)) return [...BASE_ITEMS];
  const crmPath = hasCrmToken ? (role === 'PARTNER' ? '/crm/orders' : '/crm/home') : '/admin-redirect';
  return [...BASE_ITEMS, { key: 'crm', label: 'CRM', path: crmPath, icon: IconLayoutDashboard }];
}
