import {
  CORPORATE_PORTAL_TYPES,
  CRM_ROLES,
  INTEGRATOR_PORTAL_TYPES,
  PARTNER_TYPES,
  ROLES,
  type PartnerType,
  type Role,
} from '@app/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CRM_MENU_ITEMS } from '@/components/menus/crm-menu';
import { PARTNER_MENU, partnerMenuFor } from '@/components/menus/partner-menu';
import { CRM_ROUTES } from '@/lib/access/crm-routes';
import { resolveCrmGuard, resolvePartnerGuard } from '@/lib/access/guards';
import { PARTNER_ROUTES } from '@/lib/access/partner-routes';
import { crmGuardLoader, partnerGuardLoader } from './guards';
import { routes } from './routes';

/**
 * The router, its guards and the menus are derived from the page tables (lib/access/crm-routes.ts,
 * partner-routes.ts): no page of the router lacks an entry, none is guarded by another list of roles.
 */
function area(path: string): RouteObject {
  const found = routes[0]?.children?.find((route) => route.path === path);
  if (!found) throw new Error(`No /${path} route`);
  return found;
}

function pagePaths(route: RouteObject): string[] {
  return (route.children ?? []).flatMap((child) =>
    child.index || child.path === '*' || child.path === undefined ? [] : [child.path],
  );
}

/** A concrete URL of a table path (`:id` → a sample value). */
function sampleUrl(path: string): string {
  return `/crm/${path.replace(/:[^/]+/g, 'x1')}`;
}

describe('CRM and partner routes come from the page tables', () => {
  it('has one router page per CRM table entry, guarded by the CRM guard loader', () => {
    const crm = area('crm');
    expect(crm.loader).toBe(crmGuardLoader);
    expect(pagePaths(crm)).toEqual(CRM_ROUTES.map((route) => route.path));
  });

  it('lets exactly the roles of the table open each CRM page', () => {
    for (const route of CRM_ROUTES) {
      for (const role of ROLES) {
        const target = resolveCrmGuard({
          pathname: sampleUrl(route.path),
          search: '',
          hasCrmToken: true,
          role,
        });
        const isCrmRole = (CRM_ROLES as readonly Role[]).includes(role);
        const expected = !isCrmRole ? 'login' : route.roles.includes(role) ? 'open' : 'no-access';
        const actual = target === null ? 'open' : target === '/no-access' ? 'no-access' : 'login';
        expect({ path: route.path, role, result: actual }).toEqual({
          path: route.path,
          role,
          result: expected,
        });
      }
    }
  });

  it('lists in the CRM menus only table pages, with the table roles', () => {
    for (const item of CRM_MENU_ITEMS) {
      const route = CRM_ROUTES.find((entry) => `/crm/${entry.path}` === item.path);
      expect(route, item.path).toBeDefined();
      expect(route?.menu?.key).toBe(item.key);
      for (const role of item.roles) expect(route?.roles).toContain(role);
    }
  });

  it('has one router page per partner table entry, guarded by the partner guard loader', () => {
    const partner = area('partner');
    expect(partner.loader).toBe(partnerGuardLoader);
    expect(pagePaths(partner)).toEqual(PARTNER_ROUTES.map((route) => route.path));
    expect(PARTNER_MENU.flatMap((section) => section.links.map((link) => link.path))).toEqual(
      PARTNER_ROUTES.map((route) => `/partner/${route.path}`),
    );
  });

  it("shows each partner type the menu of the pages it may open, as the API's partner access does", () => {
    const menuOf = (type: PartnerType) =>
      partnerMenuFor(type).flatMap((section) => section.links.map((link) => link.path));
    const typesOf = { corporate: CORPORATE_PORTAL_TYPES, integrator: INTEGRATOR_PORTAL_TYPES } as const;
    for (const type of PARTNER_TYPES) {
      const expected = PARTNER_ROUTES.filter((route) => {
        const section = route.menu.section;
        return section === 'corporate' || section === 'integrator'
          ? (typesOf[section] as readonly PartnerType[]).includes(type)
          : true;
      }).map((route) => `/partner/${route.path}`);
      expect({ type, menu: menuOf(type) }).toEqual({ type, menu: expected });
      for (const path of expected) {
        expect(
          resolvePartnerGuard({ pathname: path, search: '', hasPartnerToken: true, partnerType: type }),
        ).toBeNull();
      }
    }
    expect(menuOf('AFFILIATE')).not.toContain('/partner/integrator/api-keys');
    expect(menuOf('INTEGRATOR')).toContain('/partner/integrator/api-keys');
    expect(menuOf('INTEGRATOR')).not.toContain('/partner/corporate/coupon-batches');
  });
});
