import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, latestCode, staffToken, uniqueEmail } from './api';

/** Sign-in shortcuts for tests whose subject is not the sign-in itself: tokens from the API, put into storage. */

export type CrmRole = 'ADMIN' | 'MANAGER' | 'PARTNER';

export const STAFF_ACCOUNTS = {
  ADMIN: DEMO.admin,
  MANAGER: DEMO.manager,
  PARTNER: DEMO.partner,
} as const satisfies Record<CrmRole, { email: string; password: string }>;

/** The web app's local storage keys (apps/web/src/lib/storage.ts). */
export const STORAGE = {
  cabinetToken: 'cabinet_token',
  crmToken: 'crm_token',
  crmRole: 'crm_role',
  partnerToken: 'partner_token',
  partnerData: 'partner_data',
  orderDraft: 'order_draft',
} as const;

/**
 * Writes local storage entries before the app's scripts run, once per tab: reloads and later navigations see
 * whatever the app did to them since (a cleared token stays cleared).
 */
export async function seedStorage(
  target: Page | BrowserContext,
  entries: Record<string, string>,
): Promise<void> {
  const flag = `e2e_seeded_${Math.random().toString(36).slice(2)}`;
  await target.addInitScript(
    ({ values, flagKey }) => {
      try {
        if (window.sessionStorage.getItem(flagKey)) return;
        for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
        window.sessionStorage.setItem(flagKey, '1');
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { values: entries, flagKey: flag },
  );
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** A customer session for the address (created on first sign-in), through the e-mail code API. */
export async function customerToken(request: APIRequestContext, email: string): Promise<string> {
  const after = new Date();
  const requested = await request.post('/api/auth/email/request-code', { data: { email } });
  expect(requested.status(), 'request-code').toBe(200);
  const verificationCode = await latestCode(request, email, after);
  const verified = await request.post('/api/auth/email/verify', { data: { email, verificationCode } });
  expect(verified.status(), 'verify').toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

/** A new customer signed in to the cabinet; answers the token and the e-mail. */
export async function signInCustomer(
  target: Page | BrowserContext,
  request: APIRequestContext,
  email: string = uniqueEmail(),
): Promise<{ token: string; email: string }> {
  const token = await customerToken(request, email);
  await seedStorage(target, { [STORAGE.cabinetToken]: token });
  return { token, email };
}

/** Staff signed in as the web app stores a staff sign-in: the same token for the cabinet and the CRM. */
export async function signInStaff(
  target: Page | BrowserContext,
  request: APIRequestContext,
  role: CrmRole,
): Promise<string> {
  const { email, password } = STAFF_ACCOUNTS[role];
  const token = await staffToken(request, email, password);
  await seedStorage(target, {
    [STORAGE.cabinetToken]: token,
    [STORAGE.crmToken]: token,
    [STORAGE.crmRole]: role,
  });
  return token;
}

/** A demo portal partner (the affiliate unless told) signed in to the partner portal. */
export async function signInPartnerPortal(
  target: Page | BrowserContext,
  request: APIRequestContext,
  account: { email: string; password: string } = DEMO.affiliate,
): Promise<string> {
  const response = await request.post('/api/partner/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), 'partner login').toBe(200);
  const { token, partner } = (await response.json()) as { token: string; partner: unknown };
  await seedStorage(target, {
    [STORAGE.partnerToken]: token,
    [STORAGE.partnerData]: JSON.stringify(partner),
  });
  return token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
