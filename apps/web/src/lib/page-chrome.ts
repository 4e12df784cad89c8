import { useEffect } from 'react';
import { useAnalyticsPageTracking } from './analytics';
import { useAttributionTracking } from './attribution';
import { useAppLocation } from './navigation';
import { setCurrentPath } from './navigation-history';
import { useRemovePageSnapshot } from './page-snapshot';

const APP_TITLE = 'Перевод документов';

/**
 * What every page does on each navigation, whichever router draws it: the document title, marketing attribution
 * and tracking, the path the sign-in pages return to, and the build-time copy of step 1 giving way on any other
 * page.
 */
export function usePageChrome(title: string | undefined): void {
  const location = useAppLocation();
  useAttributionTracking();
  // Public pages only (the tracker checks the path); nothing is sent before the page has drawn.
  useAnalyticsPageTracking(title);
  // The build-time copy of step 1 only ever stands for step 1 (decision 017).
  useRemovePageSnapshot(location.pathname.replace(/\/$/, '') !== '/order/step-1');

  useEffect(() => {
    setCurrentPath(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.title = title ? `${title} — ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}
