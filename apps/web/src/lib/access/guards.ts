import { STAFF_ROLES, type CrmAccessRequestStatus, type PartnerType, type Role } from '@app/contracts';
import { buildLoginRedirect, isCabinetPath } from '@/lib/area';
import { isCrmRole } from '@/lib/session/credentials';
import { getCrmHomePath, getCrmRouteRoles } from './crm-routes';
import { partnerMayOpen } from './partner-routes';

/**
 * Route guard and redirect decisions (spec 2, 4, 6) as pure functions: each answers the path to send the
 * visitor to, or null to let the page open. The router's loaders feed them the stored credentials.
 */
type Location = { pathname: string; search: string };

export function resolveCabinetGuard(input: Location & { hasCabinetToken: boolean }): string | null {
  return input.hasCabinetToken ? null : buildLoginRedirect('cabinet', `${input.pathname}${input.search}`);
}

/**
 * Without a token or a CRM role → /login. A CRM role on a page it may not open (MANAGER on an ADMIN page,
 * PARTNER anywhere but the orders) → /no-access: sending a signed-in user to /login would bounce straight
 * back into the CRM (login with a CRM token goes to the CRM home), a loop.
 */
export function resolveCrmGuard(
  input: Location & { hasCrmToken: boolean; role: Role | null },
): string | null {
  const { pathname, search, hasCrmToken, role } = input;
  if (!hasCrmToken || !role || !isCrmRole(role)) return buildLoginRedirect('crm', `${pathname}${search}`);
  if (pathname === '/crm' || pathname === '/crm/') return getCrmHomePath(role);
  return getCrmRouteRoles(pathname).includes(role) ? null : '/no-access';
}

/**
 * Without a partner token → /partner/login. A page of another partner type's section (an affiliate on the
 * integrator's API keys) → the dashboard: the page could only show the API's refusal.
 */
export function resolvePartnerGuard(
  input: Location & { hasPartnerToken: boolean; partnerType: PartnerType | null },
): string | null {
  if (!input.hasPartnerToken) return buildLoginRedirect('partner', `${input.pathname}${input.search}`);
  return partnerMayOpen(input.pathname, input.partnerType) ? null : '/partner/dashboard';
}

/** /login: coming from a cabinet page → cabinet orders; holding a CRM token → the CRM home. */
export function resolveStaffLoginPage(input: {
  previousPath: string | null;
  hasCabinetToken: boolean;
  hasCrmToken: boolean;
  crmRole: Role | null;
}): string | null {
  if (input.previousPath && isCabinetPath(input.previousPath) && input.hasCabinetToken)
    return '/cabinet/orders';
  if (input.hasCrmToken && input.crmRole && isCrmRole(input.crmRole)) return getCrmHomePath(input.crmRole);
  return null;
}

export function resolveCabinetLoginPage(input: { hasCabinetToken: boolean }): string | null {
  return input.hasCabinetToken ? '/cabinet/orders' : null;
}

export function resolvePartnerLoginPage(input: { hasPartnerToken: boolean }): string | null {
  return input.hasPartnerToken ? '/partner/dashboard' : null;
}

export type AdminRedirectDecision =
  | { kind: 'redirect'; to: string }
  /** Signed in to the cabinet with a CRM role but no CRM token stored: enter the CRM with it. */
  | { kind: 'enter-crm'; role: Role }
  | { kind: 'request-access' };

export function resolveAdminRedirect(input: {
  hasCabinetToken: boolean;
  hasCrmToken: boolean;
  crmRole: Role | null;
  cabinetRole: Role | null;
}): AdminRedirectDecision {
  if (input.hasCrmToken && input.crmRole && isCrmRole(input.crmRole)) {
    return { kind: 'redirect', to: getCrmHomePath(input.crmRole) };
  }
  if (!input.hasCabinetToken) return { kind: 'redirect', to: '/login' };
  if (input.cabinetRole && isCrmRole(input.cabinetRole))
    return { kind: 'enter-crm', role: input.cabinetRole };
  return { kind: 'request-access' };
}

/** The landing works only as an installed app, with ?pwa=true, or with the force_pwa_mode flag (spec 2). */
export function isAppMode(input: {
  search: string;
  isStandaloneDisplay: boolean;
  isNavigatorStandalone: boolean;
  isForced: boolean;
}): boolean {
  return (
    input.isStandaloneDisplay ||
    input.isNavigatorStandalone ||
    input.isForced ||
    new URLSearchParams(input.search).get('pwa') === 'true'
  );
}

export type LandingDecision = { kind: 'marketing-site' } | { kind: 'redirect'; to: string };

export function resolveLanding(input: {
  isAppMode: boolean;
  hasCabinetToken: boolean;
  hasCrmToken: boolean;
  crmRole: Role | null;
}): LandingDecision {
  if (!input.isAppMode) return { kind: 'marketing-site' };
  if (input.hasCabinetToken) return { kind: 'redirect', to: '/cabinet/orders' };
  if (input.hasCrmToken && input.crmRole && isCrmRole(input.crmRole)) {
    return { kind: 'redirect', to: getCrmHomePath(input.crmRole) };
  }
  return { kind: 'redirect', to: '/cabinet-login' };
}

export function isStaffRole(role: Role | null): boolean {
  return role !== null && (STAFF_ROLES as readonly Role[]).includes(role);
}

/** Pending while requested (on the server or, before it answers, locally) and the user is not yet staff. */
export function isCrmAccessPending(input: {
  requestStatus: CrmAccessRequestStatus | null;
  isLocallyRequested: boolean;
  role: Role | null;
}): boolean {
  if (isStaffRole(input.role)) return false;
  if (input.requestStatus) return input.requestStatus === 'PENDING';
  return input.isLocallyRequested;
}
