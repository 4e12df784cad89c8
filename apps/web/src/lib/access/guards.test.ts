import { describe, expect, it } from 'vitest';
import type { PartnerType } from '@app/contracts';
import {
  isAppMode,
  isCrmAccessPending,
  resolveAdminRedirect,
  resolveCabinetGuard,
  resolveCabinetLoginPage,
  resolveCrmGuard,
  resolveLanding,
  resolvePartnerGuard,
  resolvePartnerLoginPage,
  resolveStaffLoginPage,
} from './guards';

describe('cabinet guard', () => {
  it('sends a visitor without a cabinet token to cabinet login with a redirect query', () => {
    expect(
      resolveCabinetGuard({ pathname: '/cabinet/orders', search: '?page=2', hasCabinetToken: false }),
    ).toBe(`/cabinet-login?redirect=${encodeURIComponent('/cabinet/orders?page=2')}`);
    expect(
      resolveCabinetGuard({ pathname: '/cabinet/orders', search: '', hasCabinetToken: true }),
    ).toBeNull();
  });
});

describe('CRM guard', () => {
  const at = (pathname: string, role: Parameters<typeof resolveCrmGuard>[0]['role'], hasCrmToken = true) =>
    resolveCrmGuard({ pathname, search: '', hasCrmToken, role });

  it('sends a visitor without token or role to /login with a redirect query', () => {
    expect(at('/crm/home', 'ADMIN', false)).toBe(`/login?redirect=${encodeURIComponent('/crm/home')}`);
    expect(at('/crm/home', null)).toBe(`/login?redirect=${encodeURIComponent('/crm/home')}`);
    expect(at('/crm/home', 'USER')).toBe(`/login?redirect=${encodeURIComponent('/crm/home')}`);
  });

  it('lets ADMIN and MANAGER open staff pages', () => {
    for (const path of ['/crm/home', '/crm/marketing/funnel', '/crm/monitoring', '/crm/push-notifications']) {
      expect(at(path, 'ADMIN')).toBeNull();
      expect(at(path, 'MANAGER')).toBeNull();
    }
  });

  it('keeps ADMIN-only pages from a MANAGER', () => {
    for (const path of [
      '/crm/stats',
      '/crm/users',
      '/crm/partner',
      '/crm/partner/p1/points',
      '/crm/partner-program/applications',
      '/crm/tariffs/42',
      '/crm/offices',
      '/crm/holidays',
      '/crm/form-settings',
      '/crm/fraud-monitoring',
      '/crm/commission-adjustments',
      '/crm/monitoring/queue',
      '/crm/monitoring/cron',
    ]) {
      expect(at(path, 'MANAGER')).toBe('/no-access');
      expect(at(path, 'ADMIN')).toBeNull();
    }
  });

  it('lets PARTNER open only the CRM orders', () => {
    expect(at('/crm/orders', 'PARTNER')).toBeNull();
    expect(at('/crm/orders/abc', 'PARTNER')).toBeNull();
    expect(at('/crm/home', 'PARTNER')).toBe('/no-access');
    expect(at('/crm/stats', 'PARTNER')).toBe('/no-access');
  });

  it('sends /crm to the home of the role', () => {
    expect(at('/crm', 'MANAGER')).toBe('/crm/home');
    expect(at('/crm', 'PARTNER')).toBe('/crm/orders');
  });
});

describe('partner guard and login pages', () => {
  const partnerAt = (pathname: string, partnerType: PartnerType | null, hasPartnerToken = true) =>
    resolvePartnerGuard({ pathname, search: '', hasPartnerToken, partnerType });

  it('requires a partner token', () => {
    expect(partnerAt('/partner/profile', null, false)).toBe(
      `/partner/login?redirect=${encodeURIComponent('/partner/profile')}`,
    );
    expect(partnerAt('/partner/profile', 'AFFILIATE')).toBeNull();
  });

  it("sends a partner from another type's section to the dashboard", () => {
    expect(partnerAt('/partner/integrator/api-keys', 'AFFILIATE')).toBe('/partner/dashboard');
    expect(partnerAt('/partner/corporate/coupon-batches', 'INTEGRATOR')).toBe('/partner/dashboard');
    expect(partnerAt('/partner/integrator/api-keys/', 'AFFILIATE')).toBe('/partner/dashboard');
    expect(partnerAt('/partner/integrator/api-keys', 'INTEGRATOR')).toBeNull();
    expect(partnerAt('/partner/corporate/coupon-batches', 'CORPORATE_REFERRAL')).toBeNull();
    // The referral and money pages open to every type; an unknown type is left to the server.
    expect(partnerAt('/partner/affiliate/links', 'CORPORATE_REFERRAL')).toBeNull();
    expect(partnerAt('/partner/commissions', 'INTEGRATOR')).toBeNull();
    expect(partnerAt('/partner/integrator/api-keys', null)).toBeNull();
  });

  it('sends signed-in visitors away from login pages', () => {
    expect(resolvePartnerLoginPage({ hasPartnerToken: true })).toBe('/partner/dashboard');
    expect(resolvePartnerLoginPage({ hasPartnerToken: false })).toBeNull();
    expect(resolveCabinetLoginPage({ hasCabinetToken: true })).toBe('/cabinet/orders');
    expect(resolveCabinetLoginPage({ hasCabinetToken: false })).toBeNull();
  });

  it('/login: from a cabinet page → cabinet orders; with a CRM token → CRM home', () => {
    const base = { previousPath: null, hasCabinetToken: false, hasCrmToken: false, crmRole: null };
    expect(resolveStaffLoginPage(base)).toBeNull();
    expect(resolveStaffLoginPage({ ...base, previousPath: '/cabinet/profile', hasCabinetToken: true })).toBe(
      '/cabinet/orders',
    );
    expect(resolveStaffLoginPage({ ...base, hasCrmToken: true, crmRole: 'ADMIN' })).toBe('/crm/home');
    expect(resolveStaffLoginPage({ ...base, hasCabinetToken: true })).toBeNull();
  });
});

describe('admin redirect', () => {
  const base = { hasCabinetToken: false, hasCrmToken: false, crmRole: null, cabinetRole: null };
  it('goes to the CRM when authorized with a CRM role', () => {
    expect(resolveAdminRedirect({ ...base, hasCrmToken: true, crmRole: 'MANAGER' })).toEqual({
      kind: 'redirect',
      to: '/crm/home',
    });
  });
  it('goes to /login when not signed in', () => {
    expect(resolveAdminRedirect(base)).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('requests access for a signed-in customer', () => {
    expect(resolveAdminRedirect({ ...base, hasCabinetToken: true, cabinetRole: 'USER' })).toEqual({
      kind: 'request-access',
    });
    expect(resolveAdminRedirect({ ...base, hasCabinetToken: true, cabinetRole: 'ADMIN' })).toEqual({
      kind: 'enter-crm',
      role: 'ADMIN',
    });
  });
});

describe('landing', () => {
  const mode = { search: '', isStandaloneDisplay: false, isNavigatorStandalone: false, isForced: false };
  it('detects the installed-app mode', () => {
    expect(isAppMode(mode)).toBe(false);
    expect(isAppMode({ ...mode, search: '?pwa=true' })).toBe(true);
    expect(isAppMode({ ...mode, search: '?pwa=1' })).toBe(false);
    expect(isAppMode({ ...mode, isStandaloneDisplay: true })).toBe(true);
    expect(isAppMode({ ...mode, isNavigatorStandalone: true })).toBe(true);
    expect(isAppMode({ ...mode, isForced: true })).toBe(true);
  });

  it('routes by session in app mode', () => {
    const base = { isAppMode: true, hasCabinetToken: false, hasCrmToken: false, crmRole: null };
    expect(resolveLanding({ ...base, isAppMode: false })).toEqual({ kind: 'marketing-site' });
    expect(resolveLanding({ ...base, hasCabinetToken: true })).toEqual({
      kind: 'redirect',
      to: '/cabinet/orders',
    });
    expect(resolveLanding({ ...base, hasCrmToken: true, crmRole: 'ADMIN' })).toEqual({
      kind: 'redirect',
      to: '/crm/home',
    });
    expect(resolveLanding(base)).toEqual({ kind: 'redirect', to: '/cabinet-login' });
  });
});

describe('CRM access request', () => {
  it('is pending while requested and the user is not staff', () => {
    expect(isCrmAccessPending({ requestStatus: 'PENDING', isLocallyRequested: false, role: 'USER' })).toBe(
      true,
    );
    expect(isCrmAccessPending({ requestStatus: null, isLocallyRequested: true, role: 'USER' })).toBe(true);
    expect(isCrmAccessPending({ requestStatus: 'PENDING', isLocallyRequested: true, role: 'MANAGER' })).toBe(
      false,
    );
    expect(isCrmAccessPending({ requestStatus: 'REFUSED', isLocallyRequested: true, role: 'USER' })).toBe(
      false,
    );
    expect(isCrmAccessPending({ requestStatus: null, isLocallyRequested: false, role: 'USER' })).toBe(false);
  });
});
