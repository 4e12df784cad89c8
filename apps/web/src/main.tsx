// Mantine's styles block the first paint in every page's HTML, whichever app the page then loads.
import '@mantine/core/styles.css';
import { loadOrderFunnel, startApp } from './boot';
import { isOrderPath } from './lib/area';

// The order pages are an app of their own without the back office's router (decision 018); the page's HTML
// preloads the code of the one it needs, so choosing here costs no extra round trip. The server answers the order
// pages with their own build (src/order-main.tsx, decision 081); this entry still opens them where index.html is
// all there is (`vite` in development, the service worker's offline shell).
startApp(
  isOrderPath(window.location.pathname)
    ? loadOrderFunnel()
    : import('./app/app').then((module) => module.App),
);
