import {
  Component,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { PublicLayout } from '@/app/layouts/public-layout';
import { configureApiClient } from '@/lib/api-client';
import { isOrderPath } from '@/lib/area';
import {
  NavigationProvider,
  RouteParamsProvider,
  type AppLocation,
  type AppNavigation,
  type NavigateOptions,
} from '@/lib/navigation';
import { usePageChrome } from '@/lib/page-chrome';
import { isPageSnapshotShown, useRemovePageSnapshot } from '@/lib/page-snapshot';
import { Staged } from '@/lib/staged-render';
import { AppProviders } from '../providers';
import { NotFoundPage, PageErrorMessage } from '../public/status-pages';
import { queryClient } from '../query-client';
import { matchFunnelRoute, resolveFunnelEntry } from './funnel-routes';

function readLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** `/order` becomes step 1 in place, so the address bar and the back button never hold the bare entry. */
function settleEntry(): void {
  const entry = resolveFunnelEntry(new URL(window.location.href));
  if (entry) window.history.replaceState(window.history.state, '', entry);
}

/** Only the latest navigation lands (a double tap on 'Далее' adds one history entry, not two). */
let latestNavigation = 0;

/**
 * Moves between the order pages with the History API; any other page of the site is loaded as a document
 * (it belongs to the main app). Scrolls to the top on a new page, as a page load would.
 */
async function navigateFunnel(to: string, options: NavigateOptions, onChange: () => void): Promise<void> {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isOrderPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const path = resolveFunnelEntry(url) ?? `${url.pathname}${url.search}${url.hash}`;
  // The page's code first, as a link to a new document would: the address and the page change together. Should
  // it fail to download, the page's error boundary says so.
  const navigation = ++latestNavigation;
  await matchFunnelRoute(new URL(path, url).pathname)
    ?.route.load?.()
    .catch(() => undefined);
  if (navigation !== latestNavigation) return;
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  // A link to the page already shown replaces it, as the main app's router does.
  if (options.replace || path === current) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  onChange();
  if (!options.replace && path !== current) window.scrollTo(0, 0);
}

/** However slow the network, the live page starts after this long (the copy also has its own 10 s limit). */
const PREPARE_LIMIT_MS = 3_000;

/**
 * Called by the entry before the first render. When the page arrived with its build-time copy on screen (a phone
 * on step 1, decision 017), the visitor sees the form already: the live page waits until its route has what it
 * needs to draw complete (`FunnelRoute.prepare`), at most `PREPARE_LIMIT_MS`, then renders once (decision 041).
 * Without a copy on screen nothing waits: the frame paints first, as before.
 */
export async function prepareOrderFunnel(): Promise<void> {
  if (!isPageSnapshotShown()) return;
  const prepare = matchFunnelRoute(window.location.pathname)?.route.prepare;
  if (!prepare) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    prepare(queryClient).catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PREPARE_LIMIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { pathname: string; hasError: boolean };

/** A page that failed (its code did not download, it threw while drawing); the next page starts afresh. */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, hasError: false };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, hasError: false };
  }

  override render() {
    return this.state.hasError ? <PageError /> : this.props.children;
  }
}

function PageError() {
  useRemovePageSnapshot();
  return <PageErrorMessage />;
}

/** Title, attribution and the rest of what every page does, outside the page so a failing page cannot reset it. */
function PageChrome({ pathname }: { pathname: string }) {
  usePageChrome(matchFunnelRoute(pathname)?.route.title ?? 'Страница не найдена');
  return null;
}

function FunnelPage({ pathname }: { pathname: string }) {
  const match = matchFunnelRoute(pathname);
  if (!match) return <NotFoundPage />;
  const { Component: Page } = match.route;
  return (
    <RouteParamsProvider value={match.params}>
      <Page />
    </RouteParamsProvider>
  );
}

/** The public order pages: step 1 to the success page (decision 018). */
export function OrderFunnelApp() {
  const [location, setLocation] = useState(() => {
    settleEntry();
    return readLocation();
  });
  // Page changes are transitions: the page stays on screen until the next one's code has arrived.
  const refresh = useCallback(() => startTransition(() => setLocation(readLocation())), []);
  const navigate = useCallback(
    (to: string, options: NavigateOptions = {}) => void navigateFunnel(to, options, refresh),
    [refresh],
  );

  useEffect(() => {
    window.addEventListener('popstate', refresh);
    return () => window.removeEventListener('popstate', refresh);
  }, [refresh]);

  useEffect(() => {
    // A 401 on an order page (a signed-in customer's token expired) leads to the cabinet's sign-in page.
    configureApiClient({ navigate: (to) => navigate(to, { replace: true }) });
    // A signed-in customer finds the contact step filled in once the profile has loaded; nothing waits for it,
    // and the session's code is not part of the first load (decision 065): step 2 imports it anyway.
    void import('@/lib/session/session-store').then(({ restoreSession }) => restoreSession('cabinet'));
  }, [navigate]);

  const navigation = useMemo<AppNavigation>(() => ({ location, navigate }), [location, navigate]);
  return (
    <AppProviders queryClient={queryClient}>
      <NavigationProvider value={navigation}>
        <PageChrome pathname={location.pathname} />
        {/* The first live render comes in parts, one task each (decision 083): the providers, the header, the
            page, then the page's own parts. */}
        <Staged>
          <PublicLayout>
            <PageErrorBoundary pathname={location.pathname}>
              <Staged>
                <Suspense fallback={<LoadingScreen />}>
                  <FunnelPage pathname={location.pathname} />
                </Suspense>
              </Staged>
            </PageErrorBoundary>
          </PublicLayout>
        </Staged>
      </NavigationProvider>
    </AppProviders>
  );
}
