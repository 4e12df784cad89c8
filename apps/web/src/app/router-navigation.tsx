import { useCallback, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type AppNavigation } from '@/lib/navigation';

/** The app's navigation (`lib/navigation.tsx`) for pages that run on react-router: all but the order pages. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const routerNavigate = useNavigate();
  // One function for the life of the router, as the order pages' router gives: effects that navigate
  // (AppNavigate) must not run again because the location changed.
  const navigate = useCallback<AppNavigation['navigate']>(
    (to, options) => void routerNavigate(to, options),
    [routerNavigate],
  );
  const value = useMemo<AppNavigation>(
    () => ({ location: { pathname, search, hash }, navigate }),
    [pathname, search, hash, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

/** A layout route that gives its children the app's navigation. */
export function RouterNavigationLayout() {
  return (
    <RouterNavigation>
      <Outlet />
    </RouterNavigation>
  );
}
