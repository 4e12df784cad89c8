import { useEffect } from 'react';
import { withTracker } from './analytics-page';
import { getAreaByPath, isCabinetPath } from './area';
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
  // The build-time copy of step 1 only ever stands for step 1 (decision 017).
  useRemovePageSnapshot(location.pathname.replace(/\/$/, '') !== '/order/step-1');

  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    setCurrentPath(path);
    // Public pages only (spec 1: not the back office, the cabinet or the partner portal): the tracker loads
    // when the browser is idle.
    if (getAreaByPath(location.pathname) === 'cabinet' && !isCabinetPath(location.pathname))
      withTracker((tracker) => tracker.trackPage(path));
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.title = title ? `${title} — ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}
