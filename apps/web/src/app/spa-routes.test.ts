import { SPA_AREA_PAGE_PATTERNS, SPA_PAGE_PATTERNS } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CRM_ROUTES } from '@/lib/access/crm-routes';
import { PARTNER_ROUTES } from '@/lib/access/partner-routes';
import { FUNNEL_ROUTES } from './order-funnel/funnel-routes';
import { routes } from './routes';

/** Every page path of the router ('*' not-found routes and redirects-only index routes left out). */
function pagePaths(list: RouteObject[], base: string): string[] {
  return list.flatMap((route) => {
    if (route.path === '*' || route.path?.endsWith('/*')) return [];
    const path =
      route.path === undefined
        ? base
        : route.path === '/'
          ? '/'
          : `${base === '/' ? '' : base}/${route.path}`;
    const own = route.path !== undefined && !route.index ? [path] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

/** The server answers 404 outside SPA_PAGE_PATTERNS (issue 16): the list must be the router's pages. */
describe('the page list the server knows', () => {
  it('is the router: main app, order pages, CRM and partner tables', () => {
    const router = new Set([...pagePaths(routes, ''), ...FUNNEL_ROUTES.map((route) => route.path)]);
    const crm = new Set(CRM_ROUTES.map((route) => route.path));
    const partner = new Set(PARTNER_ROUTES.map((route) => route.path));
    const areaPages = (area: string, paths: Set<string>) =>
      [...router].filter((path) => path.startsWith(`/${area}/`) && paths.has(path.slice(area.length + 2)));
    const main = [...router].filter(
      (path) => !areaPages('crm', crm).includes(path) && !areaPages('partner', partner).includes(path),
    );
    expect([...SPA_PAGE_PATTERNS].sort()).toEqual(main.sort());
    expect([...SPA_AREA_PAGE_PATTERNS.crm].sort()).toEqual([...crm].sort());
    expect([...SPA_AREA_PAGE_PATTERNS.partner].sort()).toEqual([...partner].sort());
  });
});
