import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { getCabinetNavItems } from './cabinet-menu';
import { getCrmBottomNavItems, getCrmMenu } from './crm-menu';

function menuPaths(role: Parameters<typeof getCrmMenu>[0]) {
  const menu = getCrmMenu(role);
  return menu.kind === 'items' ? menu.items.map((entry) => entry.path) : menu.message;
}

const STAFF_PATHS = ['/crm/home', '/crm/marketing', '/crm/monitoring', '/crm/push-notifications'];
const ADMIN_ONLY_PATHS = [
  '/crm/stats',
  '/crm/fraud-monitoring',
  '/crm/users',
  '/crm/partner',
  '/crm/partner-program',
  '/crm/partner-analytics',
  '/crm/partner-payouts',
  '/crm/commission-adjustments',
  '/crm/tariffs',
  '/crm/offices',
  '/crm/holidays',
  '/crm/form-settings',
];

describe('CRM side menu', () => {
  it('ADMIN sees the staff items and every ADMIN-only item, but not the partner orders', () => {
    const paths = menuPaths('ADMIN');
    expect(paths).toEqual(expect.arrayContaining([...STAFF_PATHS, ...ADMIN_ONLY_PATHS]));
    expect(paths).toHaveLength(STAFF_PATHS.length + ADMIN_ONLY_PATHS.length);
    expect(paths).not.toContain('/crm/orders');
  });

  it('MANAGER sees exactly applications, marketing, monitoring and push', () => {
    expect(new Set(menuPaths('MANAGER'))).toEqual(new Set(STAFF_PATHS));
  });

  it('PARTNER sees only the orders', () => {
    expect(menuPaths('PARTNER')).toEqual(['/crm/orders']);
  });

  it('explains a missing role and a role without items', () => {
    expect(menuPaths(null)).toBe(MESSAGES.roleUndefined);
    expect(menuPaths('USER')).toBe(MESSAGES.noMenuItems);
  });
});

describe('CRM bottom navigation', () => {
  const paths = (role: Parameters<typeof getCrmBottomNavItems>[0]) =>
    getCrmBottomNavItems(role).map((entry) => entry.path);

  it('follows spec 2 per role', () => {
    expect(paths('ADMIN')).toEqual([
      '/crm/home',
      '/crm/stats',
      '/crm/marketing',
      '/crm/users',
      '/crm/partner',
      '/crm/tariffs',
      '/crm/holidays',
    ]);
    expect(paths('MANAGER')).toEqual(['/crm/home', '/crm/marketing']);
    expect(paths('PARTNER')).toEqual(['/crm/orders']);
    expect(paths(null)).toEqual([]);
  });
});

describe('cabinet navigation', () => {
  const keys = (input: Parameters<typeof getCabinetNavItems>[0]) =>
    getCabinetNavItems(input).map((e) => e.key);

  it('shows orders, new, notifications and profile to a customer', () => {
    expect(keys({ role: 'USER', hasCrmToken: false })).toEqual([
      'orders',
      'new-order',
      'notifications',
      'profile',
    ]);
    expect(keys({ role: null, hasCrmToken: false })).toEqual([
      'orders',
      'new-order',
      'notifications',
      'profile',
    ]);
  });

  it('adds the CRM entry for ADMIN, MANAGER and PARTNER', () => {
    for (const role of ['ADMIN', 'MANAGER', 'PARTNER'] as const) {
      expect(keys({ role, hasCrmToken: false })).toContain('crm');
    }
    const crm = (input: Parameters<typeof getCabinetNavItems>[0]) =>
      getCabinetNavItems(input).find((entry) => entry.key === 'crm')?.path;
    expect(crm({ role: 'ADMIN', hasCrmToken: false })).toBe('/admin-redirect');
    expect(crm({ role: 'MANAGER', hasCrmToken: true })).toBe('/crm/home');
    expect(crm({ role: 'PARTNER', hasCrmToken: true })).toBe('/crm/orders');
  });

  it('opens a fresh order from "New"', () => {
    expect(getCabinetNavItems({ role: 'USER', hasCrmToken: false })[1]?.path).toBe('/order?reset=true');
  });
});
