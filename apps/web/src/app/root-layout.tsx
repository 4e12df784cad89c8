import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from '@/components/route-handle';
import { usePageChrome } from '@/lib/page-chrome';
import { RouterNavigation } from './router-navigation';

function RootShell() {
  const title = useRouteTitle();
  usePageChrome(title);
  return <Outlet />;
}

export function RootLayout() {
  return (
    <RouterNavigation>
      <RootShell />
      <ScrollRestoration />
    </RouterNavigation>
  );
}
