/** The three contexts with their own token, chosen by the current path (spec 6). */
export const AREAS = ['cabinet', 'crm', 'partner'] as const;
export type Area = (typeof AREAS)[number];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function getAreaByPath(pathname: string): Area {
  if (isUnder(pathname, '/crm')) return 'crm';
  if (isUnder(pathname, '/partner')) return 'partner';
  return 'cabinet';
}

export function getCurrentArea(): Area {
  return getAreaByPath(window.location.pathname);
}

/** Where a signed-out visitor of an area signs in. */
export const LOGIN_PATH_BY_AREA: Record<Area, string> = {
  cabinet: '/cabinet-login',
  crm: '/login',
  partner: '/partner/login',
};

export function isCabinetPath(pathname: string): boolean {
  return isUnder(pathname, '/cabinet');
}

export function isOrderPath(pathname: string): boolean {
  return isUnder(pathname, '/order');
}

/** Accepts only same-origin absolute paths, so a `redirect` query cannot send the user elsewhere. */
export function getSafeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function buildLoginRedirect(area: Area, returnTo: string): string {
  return `${LOGIN_PATH_BY_AREA[area]}?redirect=${encodeURIComponent(returnTo)}`;
}
