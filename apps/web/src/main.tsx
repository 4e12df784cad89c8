import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { removePageSnapshot } from './lib/page-snapshot';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing in index.html');

// A transition lets React render the first screen in slices instead of one long task (decision 013).
startTransition(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The live page takes over from the build-time copy of step 1 when it is drawn; should that never happen (a
// request that hangs), the copy still goes after 10 s so the page is not left inert (decision 017).
window.setTimeout(removePageSnapshot, 10_000);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // A page that was already controlled reloads when a new worker takes over (a new version was deployed);
  // the very first install also claims the page, which needs no reload.
  const hadController = navigator.serviceWorker.controller !== null;
  let isReloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || isReloading) return;
    isReloading = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        // Installed apps stay open for days: look for a new version whenever the app comes back to front.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
        });
      })
      .catch(() => undefined);
  });
}
