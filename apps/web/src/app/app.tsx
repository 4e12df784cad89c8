import { RouterProvider } from 'react-router';
import { configureApiClient } from '@/lib/api-client';
import { AppProviders } from './providers';
import { queryClient } from './query-client';
import { createAppRouter } from './router';

const router = createAppRouter();
// After a 401 the API client navigates inside the SPA instead of reloading the page.
configureApiClient({ navigate: (to) => void router.navigate(to, { replace: true }) });

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
