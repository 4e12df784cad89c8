import { isRouteErrorResponse, useRouteError } from 'react-router';
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
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <PageErrorMessage />}
    </RouterNavigation>
  );
}
