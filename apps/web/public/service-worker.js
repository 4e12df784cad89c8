/* Background worker registered at /service-worker.js (spec 1). Plain JS: the build copies it as is.
 *
 * Updates: a changed worker installs, skips waiting and claims the open pages; the page reloads itself on
 * `controllerchange` (src/main.tsx). Pages are network-first, so a deployed index.html (with its new hashed
 * assets) is picked up on the next navigation even while this file stays the same. */
const CACHE_NAME = 'app-shell-v2';
/**
 * The order pages are answered with their own HTML (order.html, and step 1's with a build-time copy of its form;
 * decisions 017, 018), not with index.html: they are never kept as the shell of other pages.
 */
function hasOwnPage(pathname) {
  return pathname === '/order' || pathname.startsWith('/order/');
}
const APP_SHELL = ['/', '/index.html', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];
const ASSET_PATTERN = /\/assets\/[^"'\s)]+/g;
/**
 * The order pages' own build (decision 081): /order.html, its entry and every chunk the order pages load. The
 * build writes the list in here (apps/web/src/order-build/precache.ts, decision 083); this file ships it empty.
 */
const BUILD_PRECACHE = [];
/** What an order page opened offline is answered with (the server sends the same file for those paths). */
const ORDER_PAGE = '/order.html';

/**
 * The shell plus the scripts and styles index.html loads, and the order build's files, so the app and the order
 * pages open offline after the first visit.
 */
function precacheShell(cache) {
  return cache.addAll(APP_SHELL).then(() =>
    fetch('/index.html', { cache: 'no-store' })
      .then((response) => (response.ok ? response.text() : ''))
      .then((html) => {
        const assets = Array.from(new Set((html.match(ASSET_PATTERN) || []).concat(BUILD_PRECACHE)));
        return Promise.all(assets.map((asset) => cache.add(asset).catch(() => undefined)));
      }),
  );
}

/** Offline: an order page from the cached order.html (its own build), any other page from the cached shell. */
function offlinePage(pathname) {
  const shell = () => caches.match('/index.html');
  if (!hasOwnPage(pathname)) return shell();
  return caches.match(ORDER_PAGE).then((cached) => cached || shell());
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then(precacheShell)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE_NAME).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // API answers are never cached: they carry personal data and must be fresh.
  if (url.pathname.startsWith('/api/') || url.pathname === '/api') return;

  if (request.mode === 'navigate') {
    const isShell = !hasOwnPage(url.pathname);
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && isShell) {
            const copy = response.clone();
            caches.open(CACHE_NAME).then((cache) => cache.put('/index.html', copy));
          }
          return response;
        })
        .catch(() => offlinePage(url.pathname).then((cached) => cached || Response.error())),
    );
    return;
  }

  // Hashed build assets never change under the same name, so the cache is safe to serve first.
  if (url.pathname.startsWith('/assets/') || APP_SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE_NAME).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Перевод документов';
  const options = {
    body: data.body || '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: data.url || '/cabinet/notifications' },
  };
  // The same tag replaces an earlier notification about the same event instead of stacking a duplicate.
  if (data.tag) options.tag = String(data.tag);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Opens the order from the payload: an open window of the app navigates there, otherwise a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/cabinet/notifications';
  const target = new URL(path, self.location.origin);
  // The app's own pages, or an https address staff put into a message (/crm/push-notifications, decision 014);
  // pushes come only from our server (VAPID), and anything else falls back to the app.
  const url =
    target.origin === self.location.origin || target.protocol === 'https:'
      ? target.href
      : self.location.origin + '/';
  // Another site opens in a window of its own; the app's window stays where it is.
  if (new URL(url).origin !== self.location.origin) {
    event.waitUntil(self.clients.openWindow(url));
    return;
  }
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const client = windows.find((candidate) => new URL(candidate.url).origin === self.location.origin);
      if (client && 'navigate' in client) {
        return client
          .navigate(url)
          .then((navigated) => (navigated || client).focus())
          .catch(() => self.clients.openWindow(url));
      }
      return self.clients.openWindow(url);
    }),
  );
});
