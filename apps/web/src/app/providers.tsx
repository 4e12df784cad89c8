import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@/lib/notify';
import { theme } from './theme';

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
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <Notifications position="top-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} limit={5} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
