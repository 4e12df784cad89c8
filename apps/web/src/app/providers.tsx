import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

// Toasts are rare on a first visit: their container and styles load with the first toast (decisions 013, 065).
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);

/**
 * Mounts the toasts' container once a toast is shown (it waits in the notifications store until then). Loaded
 * right after the first paint instead, its stylesheet was added to a page the size of the order form: a long task
 * in the first seconds of step 1 on a phone (decision 065).
 */
function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/**
 * Whether the page arrived with Mantine's CSS variables and global classes in its <head>: the order pages' HTML,
 * written by the build from the prerender of step 1 (scripts/prerender.mjs, decision 083). Generating them again
 * was a third of the live page's first task on a phone.
 */
function pageHasMantineStyles(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.head.querySelector('style[data-mantine-styles="true"]') !== null &&
    document.head.querySelector('style[data-mantine-styles="classes"]') !== null
  );
}

/** Mantine (Russian texts are passed per component; core has no locale files), toasts and TanStack Query. */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  const [hasPageStyles] = useState(pageHasMantineStyles);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={!hasPageStyles}
      withGlobalClasses={!hasPageStyles}
      env={env}
    >
      <ToastsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
