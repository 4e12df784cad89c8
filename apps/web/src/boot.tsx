import { startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { whenIdle } from './lib/idle';
import { renderStaged } from './lib/staged-render';
import { removePageSnapshot } from './lib/page-snapshot';

/**
 * Starts a page's app: renders it into #root once its code has arrived, says so in Russian when it could not
 * download, and registers the service worker. Shared by the two entries: src/main.tsx (index.html, React) and
 * src/order-main.tsx (the order pages' own build on preact/compat, decision 081).
 */
export function startApp(loadApp: Promise<ComponentType>, options: { staged?: boolean } = {}): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing in index.html');

  loadApp.then(
    (App) => {
      const render = () =>
        createRoot(rootElement).render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
      // Preact (the order pages' build) renders synchronously: the page's `<Staged>` parts follow in tasks of
      // their own (decision 083). A transition lets React render the first screen in slices (decision 013).
      if (options.staged) renderStaged(render);
      else startTransition(render);
    },
    () => {
      removePageSnapshot();
      rootElement.textContent = 'Не удалось загрузить страницу. Проверьте интернет и обновите её.';
    },
  );

  // The live page takes over from the build-time copy of step 1 when it is drawn; should that never happen (a
  // request that hangs), the copy still goes after 10 s so the page is not left inert (decision 017).
  window.setTimeout(removePageSnapshot, 10_000);

  if (import.meta.env.PROD && 'serviceWorker' in navigator) registerServiceWorker();
}

function registerServiceWorker(): void {
  // A page that was already controlled reloads when a new worker takes over (a new version was deployed);
  // the very first install also claims the page, which needs no reload.
  const hadController = navigator.serviceWorker.controller !== null;
  let isReloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || isReloading) return;
    isReloading = true;
    window.location.reload();
  });
  // The worker precaches the whole shell once more: it waits until the page has loaded and the main thread is
  // idle (at most 5 s), so on a slow phone it does not compete with the first page's own code and data.
  window.addEventListener('load', () =>
    whenIdle(() => {
      navigator.serviceWorker
        .register('/service-worker.js')
        .then((registration) => {
          // Installed apps stay open for days: look for a new version whenever the app comes back to front.
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
          });
        })
        .catch(() => undefined);
    }),
  );
}

/**
 * The order pages' app (decision 018). On step 1 with its build-time copy on screen it first gathers what the
 * page needs (decision 041).
 */
export function loadOrderFunnel(): Promise<ComponentType> {
  return import('./app/order-funnel/order-funnel-app').then(async (module) => {
    await module.prepareOrderFunnel();
    return module.OrderFunnelApp;
  });
}
