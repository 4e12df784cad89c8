import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { AppProviders } from '@/app/providers';
import { PublicLayout } from '@/app/layouts/public-layout';
import { EMPTY_FORM_PARAMS, formParamsQueryOptions } from '@/features/order-form/api/form-params';
import { OrderStep1 } from '@/features/order-form/components/order-step1';
import { NavigationProvider, type AppNavigation } from '@/lib/navigation';

/**
 * The HTML of /order/step-1 as a first-time visitor on a phone sees it before choosing anything, rendered at
 * build time by `scripts/prerender.mjs` (decision 017). The browser paints it at once; it stays inert and is
 * replaced by the live page as soon as React has drawn that (`lib/page-snapshot.ts`).
 */
/** Nothing navigates at build time: the copy is inert. */
const STEP_1: AppNavigation = {
  location: { pathname: '/order/step-1', search: '', hash: '' },
  navigate: () => undefined,
};

export async function renderOrderStep1(): Promise<string> {
  const page = () => {
    const queryClient = new QueryClient();
    // The catalogue is not known at build time: the page is drawn from an empty one, which looks exactly like
    // the form before anything is chosen (no made-up names or prices).
    queryClient.setQueryData(formParamsQueryOptions.queryKey, EMPTY_FORM_PARAMS);
    return (
      <AppProviders queryClient={queryClient}>
        <NavigationProvider value={STEP_1}>
          <PublicLayout>
            <OrderStep1 />
          </PublicLayout>
        </NavigationProvider>
      </AppProviders>
    );
  };
  // The first pass waits for the lazy parts (the fields); the second renders them in place, as plain HTML with
  // no streaming scripts (the page's CSP allows none, and the copy must stay inert).
  await prerender(page());
  return renderToString(page());
}
