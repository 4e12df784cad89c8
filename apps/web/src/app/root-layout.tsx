import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useRouteTitle } from '@/components/route-handle';
import { useAttributionTracking } from '@/lib/attribution';
import { setCurrentPath } from '@/lib/navigation-history';
import { useRemovePageSnapshot } from '@/lib/page-snapshot';

const APP_TITLE = 'Перевод документов';

export function RootLayout() {
  const location = useLocation();
  const title = useRouteTitle();
  useAttributionTracking();
  // The build-time copy of step 1 only ever stands for step 1 (decision 017).
  useRemovePageSnapshot(location.pathname.replace(/\/$/, '') !== '/order/step-1');

  useEffect(() => {
    setCurrentPath(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.title = title ? `${title} — ${APP_TITLE}` : APP_TITLE;
  }, [title]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
