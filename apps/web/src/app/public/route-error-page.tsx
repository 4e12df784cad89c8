import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isOfflineFailure, OfflinePage } from '@/components/offline-page';
import { useRemovePageSnapshot } from '@/lib/page-snapshot';
import { RouterNavigation } from '../router-navigation';
import { NotFoundPage, PageErrorMessage } from './status-pages';

/** Errors thrown while loading or rendering a route (including a lazy chunk that failed to download). */
export function RouteErrorPage() {
  const error = useRouteError();
  useRemovePageSnapshot();
  // Drawn in place of the root layout, which gives the other pages their navigation.
  return (
    <RouterNavigation>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : isOfflineFailure(error) ? (
        <OfflinePage homePath="/" />
      ) : (
        <PageErrorMessage />
      )}
    </RouterNavigation>
  );
}

/**
 * A cabinet page that failed to open, drawn inside the cabinet layout (its header and bottom navigation stay):
 * offline, the offline notice (a page never opened has no cached code); otherwise the usual error message.
 */
export function CabinetPageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return isOfflineFailure(error) ? <OfflinePage homePath="/cabinet/orders" /> : <PageErrorMessage />;
}

/** A cabinet page opened offline whose code was never cached (see `cabinetPage` in routes.tsx). */
export function CabinetOfflinePage() {
  return <OfflinePage homePath="/cabinet/orders" />;
}
