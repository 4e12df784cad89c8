import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  createCrmAccessRequest,
  markCrmAccessRequested,
  myCrmAccessRequestQueryOptions,
} from '@/features/crm-access/api/crm-access-requests';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { getCrmHomePath } from '@/lib/access/crm-routes';
import {
  isAppMode,
  resolveAdminRedirect,
  resolveCabinetGuard,
  resolveCabinetLoginPage,
  resolveCrmGuard,
  resolveLanding,
  resolvePartnerGuard,
  resolvePartnerLoginPage,
  resolveStaffLoginPage,
} from '@/lib/access/guards';
import { isApiError } from '@/lib/api-client';
import { getAreaByPath } from '@/lib/area';
import { getPreviousPath } from '@/lib/navigation-history';
import { showErrorToast } from '@/lib/notify';
import { runAutoLogin } from '@/lib/session/auto-login';
import {
  getCrmRole,
  getPartnerData,
  getToken,
  hasToken,
  setCrmRole,
  setToken,
} from '@/lib/session/credentials';
import { getSessionState, restoreSession } from '@/lib/session/session-store';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { queryClient } from './query-client';

/**
 * Route loaders: every guard first finishes a sign-in link (email + hash) and restores the session of the
 * URL's area, so pages never render on a half-known session. Loaders of one navigation run in parallel;
 * both steps are memoised, so they happen once.
 */
async function prepareSession(request: Request): Promise<URL> {
  const url = new URL(request.url);
  const next = await runAutoLogin(url);
  if (next !== null) throw redirect(next);
  await restoreSession(getAreaByPath(url.pathname));
  return url;
}

function redirectIf(target: string | null): null {
  if (target) throw redirect(target);
  return null;
}

export async function rootLoader({ request }: LoaderFunctionArgs) {
  await prepareSession(request);
  return null;
}

export async function cabinetGuardLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = await prepareSession(request);
  return redirectIf(resolveCabinetGuard({ pathname, search, hasCabinetToken: hasToken('cabinet') }));
}

export async function crmGuardLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = await prepareSession(request);
  return redirectIf(resolveCrmGuard({ pathname, search, hasCrmToken: hasToken('crm'), role: getCrmRole() }));
}

export async function partnerGuardLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = await prepareSession(request);
  return redirectIf(
    resolvePartnerGuard({
      pathname,
      search,
      hasPartnerToken: hasToken('partner'),
      partnerType: getPartnerData()?.type ?? null,
    }),
  );
}

export async function staffLoginLoader({ request }: LoaderFunctionArgs) {
  await prepareSession(request);
  return redirectIf(
    resolveStaffLoginPage({
      previousPath: getPreviousPath(),
      hasCabinetToken: hasToken('cabinet'),
      hasCrmToken: hasToken('crm'),
      crmRole: getCrmRole(),
    }),
  );
}

export async function cabinetLoginLoader({ request }: LoaderFunctionArgs) {
  await prepareSession(request);
  return redirectIf(resolveCabinetLoginPage({ hasCabinetToken: hasToken('cabinet') }));
}

export async function partnerLoginLoader({ request }: LoaderFunctionArgs) {
  await prepareSession(request);
  return redirectIf(resolvePartnerLoginPage({ hasPartnerToken: hasToken('partner') }));
}

export async function adminRedirectLoader({ request }: LoaderFunctionArgs) {
  await prepareSession(request);
  const decision = resolveAdminRedirect({
    hasCabinetToken: hasToken('cabinet'),
    hasCrmToken: hasToken('crm'),
    crmRole: getCrmRole(),
    cabinetRole: getSessionState().role,
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'enter-crm') {
    const token = getToken('cabinet');
    if (token) {
      setToken('crm', token);
      setCrmRole(decision.role);
    }
    throw redirect(getCrmHomePath(decision.role));
  }
  try {
    const created = await createCrmAccessRequest({});
    markCrmAccessRequested(created.createdAt);
    queryClient.setQueryData(myCrmAccessRequestQueryOptions.queryKey, created);
  } catch (error) {
    // An existing request answers 409: the page shows its status, nothing to report.
    if (!(isApiError(error) && error.code === 'CONFLICT')) showErrorToast(error);
    await queryClient.invalidateQueries({ queryKey: myCrmAccessRequestQueryOptions.queryKey });
  }
  throw redirect('/crm-access-request');
}

function isForcedPwaMode(): boolean {
  const value = readStorage(STORAGE_KEYS.forcePwaMode);
  return value !== null && value !== '' && value !== 'false' && value !== '0';
}

function isStandaloneDisplay(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

export type LandingLoaderData = { marketingSiteUrl: string | null };

export async function landingLoader({ request }: LoaderFunctionArgs): Promise<LandingLoaderData> {
  const { search } = await prepareSession(request);
  const decision = resolveLanding({
    isAppMode: isAppMode({
      search,
      isStandaloneDisplay: isStandaloneDisplay(),
      isNavigatorStandalone: (window.navigator as Navigator & { standalone?: boolean }).standalone === true,
      isForced: isForcedPwaMode(),
    }),
    hasCabinetToken: hasToken('cabinet'),
    hasCrmToken: hasToken('crm'),
    crmRole: getCrmRole(),
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  const config = await queryClient.ensureQueryData(publicConfigQueryOptions).catch(() => null);
  if (config?.marketingSiteUrl) window.location.replace(config.marketingSiteUrl);
  return { marketingSiteUrl: config?.marketingSiteUrl ?? null };
}

/**
 * The order pages are a separate small app (app/order-funnel, decision 018): a link or redirect to one from here
 * loads it as a new document. The current page stays until the browser has left it.
 */
export function orderPagesLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  window.location.assign(`${url.pathname}${url.search}${url.hash}`);
  return new Promise<never>(() => undefined);
}
