import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { orderPrecacheList, withPrecacheList, type Manifest } from './order-build/precache';

/**
 * The service worker (public/service-worker.js, copied as is by the build) run in a sandbox whose `self` records
 * the listeners: what a push shows and where a click on the notification leads. The browser half (a real push
 * delivered to Chromium's worker) is e2e/cabinet/push-delivery.spec.ts.
 */
const source = readFileSync(resolve(process.cwd(), 'apps/web/public/service-worker.js'), 'utf8');
const ORIGIN = 'https://perevod.example';

type Listener = (event: Record<string, unknown>) => void;
type WindowClient = { url: string; navigate: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> };

type FakeResponse = { ok: boolean; clone: () => FakeResponse; text?: () => Promise<string> };

function loadWorker(
  windows: WindowClient[] = [],
  network: (url: string) => Promise<FakeResponse> = () => Promise.reject(new Error('offline')),
  workerSource = source,
) {
  const cached = new Map<string, FakeResponse>();
  const pathOf = (key: string) => new URL(key, ORIGIN).pathname;
  const add = (key: string) =>
    network(`${ORIGIN}${pathOf(key)}`).then((response) => {
      if (!response.ok) throw new TypeError(`${key}: not ok`);
      cached.set(pathOf(key), response);
    });
  const cache = {
    put: (key: string, response: FakeResponse) => cached.set(key, response),
    add,
    addAll: (keys: string[]) => Promise.all(keys.map(add)).then(() => undefined),
  };
  const caches = {
    open: () => Promise.resolve(cache),
    match: (key: string) => Promise.resolve(cached.get(key)),
  };
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const openWindow = vi.fn(() => Promise.resolve(null));
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: { matchAll: () => Promise.resolve(windows), openWindow, claim: () => Promise.resolve() },
    skipWaiting: () => Promise.resolve(),
  };
  runInNewContext(workerSource, {
    self,
    URL,
    caches,
    fetch: (request: string | { url: string }) =>
      network(typeof request === 'string' ? `${ORIGIN}${pathOf(request)}` : request.url),
  });
  async function dispatch(type: string, event: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  }
  /** A page navigation as the browser hands it to the worker; answers what the page got. */
  async function navigate(path: string): Promise<unknown> {
    let answer: Promise<unknown> = Promise.resolve(undefined);
    listeners.get('fetch')?.({
      request: { method: 'GET', mode: 'navigate', url: `${ORIGIN}${path}` },
      respondWith: (promise: Promise<unknown>) => (answer = promise),
    });
    const response = await answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    return response;
  }
  return { dispatch, shown, openWindow, navigate, cached };
}

function windowClient(url: string): WindowClient {
  const client: WindowClient = {
    url,
    navigate: vi.fn(() => Promise.resolve(client)),
    focus: vi.fn(() => Promise.resolve(client)),
  };
  return client;
}

function click(url: unknown) {
  return { notification: { close: vi.fn(), data: { url } } };
}

describe('service worker: push', () => {
  it('shows the title, body and link of the payload, tagged so a repeat replaces it', async () => {
    const worker = loadWorker();
    const payload = {
      title: 'Заказ №100123 оплачен',
      body: 'Спасибо!',
      url: '/cabinet/orders/o-1',
      tag: 'n-1',
    };
    await worker.dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(worker.shown).toEqual([
      {
        title: 'Заказ №100123 оплачен',
        options: expect.objectContaining({
          body: 'Спасибо!',
          tag: 'n-1',
          data: { url: '/cabinet/orders/o-1' },
        }),
      },
    ]);
  });

  it('a payload that is not JSON still shows, as text under the product name', async () => {
    const worker = loadWorker();
    const data = {
      json: () => {
        throw new SyntaxError('not json');
      },
      text: () => 'Простой текст',
    };
    await worker.dispatch('push', { data });
    expect(worker.shown[0]).toMatchObject({
      title: 'Перевод документов',
      options: { body: 'Простой текст', data: { url: '/cabinet/notifications' } },
    });
  });
});

describe('service worker: notification click', () => {
  it('navigates an open window of the app to the order and focuses it', async () => {
    const open = windowClient(`${ORIGIN}/cabinet/orders`);
    const worker = loadWorker([windowClient('https://other.example/'), open]);
    const event = click('/cabinet/orders/o-1');
    await worker.dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/cabinet/orders/o-1`);
    expect(open.focus).toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no window of the app is open', async () => {
    const worker = loadWorker([]);
    await worker.dispatch('notificationclick', click('/cabinet/orders/o-2'));
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/cabinet/orders/o-2`);
  });

  it('an https link staff put into a message opens in a window of its own; the app window stays', async () => {
    const open = windowClient(`${ORIGIN}/cabinet/orders`);
    const worker = loadWorker([open]);
    await worker.dispatch('notificationclick', click('https://partner.example/promo'));
    expect(worker.openWindow).toHaveBeenCalledWith('https://partner.example/promo');
    expect(open.navigate).not.toHaveBeenCalled();
  });

  it('any other scheme never leaves the app: it opens the home page instead', async () => {
    for (const link of ['http://evil.example/phish', 'javascript:alert(1)', 'data:text/html,hi']) {
      const worker = loadWorker([]);
      await worker.dispatch('notificationclick', click(link));
      expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
    }
  });

  it('without a link opens the notifications page', async () => {
    const worker = loadWorker([]);
    await worker.dispatch('notificationclick', click(undefined));
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/cabinet/notifications`);
  });
});

describe('service worker: pages', () => {
  it('keeps the last page as the offline shell, but never an order page (they have their own HTML)', async () => {
    const page = (name: string): FakeResponse => {
      const response: FakeResponse = { ok: true, clone: () => response };
      Object.defineProperty(response, 'name', { value: name });
      return response;
    };
    const index = page('index');
    const orderPage = page('order page');
    const worker = loadWorker([], (url) =>
      Promise.resolve(/^\/order(\/|$)/.test(new URL(url).pathname) ? orderPage : index),
    );

    expect(await worker.navigate('/cabinet/orders')).toBe(index);
    expect(worker.cached.get('/index.html')).toBe(index);
    for (const path of [
      '/order/step-1',
      '/order/step-1?reset=true',
      '/order/step-2',
      '/order',
      '/order/x/success',
    ]) {
      expect(await worker.navigate(path)).toBe(orderPage);
    }
    expect(worker.cached.get('/index.html')).toBe(index);
    expect(await worker.navigate('/orders-archive')).toBe(index);
  });
});

/** A small order build: the entry, a chunk it imports, lazy steps (one importing another chunk) and their styles. */
const ORDER_MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_initial-B2.js'],
    dynamicImports: ['src/app/order-funnel/order-funnel-app.tsx'],
    css: ['assets/index-C3.css'],
  },
  '_initial-B2.js': { file: 'assets/initial-B2.js' },
  'src/app/order-funnel/order-funnel-app.tsx': {
    file: 'assets/order-funnel-app-D4.js',
    imports: ['_initial-B2.js'],
    dynamicImports: ['src/features/order-form/step2.tsx', 'src/features/pickup-map/map.tsx'],
    css: ['assets/order-funnel-app-E5.css'],
  },
  'src/features/order-form/step2.tsx': {
    file: 'assets/step2-F6.js',
    imports: ['_zod-G7.js'],
    assets: ['assets/marker-H8.png'],
  },
  '_zod-G7.js': { file: 'assets/zod-G7.js' },
  'src/features/pickup-map/map.tsx': { file: 'assets/map-J9.js', dynamicImports: ['_initial-B2.js'] },
};

describe('service worker: the order pages offline (decision 083)', () => {
  it('the build lists order.html, the order entry and every chunk the order pages load, with styles and files', () => {
    const list = orderPrecacheList(ORDER_MANIFEST);
    expect(list[0]).toBe('/order.html');
    expect([...list].sort()).toEqual(
      [
        '/order.html',
        '/assets/index-A1.js',
        '/assets/index-C3.css',
        '/assets/initial-B2.js',
        '/assets/order-funnel-app-D4.js',
        '/assets/order-funnel-app-E5.css',
        '/assets/step2-F6.js',
        '/assets/zod-G7.js',
        '/assets/marker-H8.png',
        '/assets/map-J9.js',
      ].sort(),
    );
  });

  it('the worker the build writes precaches that list, and an order page opened offline gets order.html', async () => {
    const list = orderPrecacheList(ORDER_MANIFEST);
    const requested: string[] = [];
    const response = (name: string): FakeResponse => {
      const answer: FakeResponse = {
        ok: true,
        clone: () => answer,
        text: () =>
          Promise.resolve(name === '/index.html' ? '<script src="/assets/main-K1.js"></script>' : ''),
      };
      Object.defineProperty(answer, 'name', { value: name });
      return answer;
    };
    let online = true;
    const worker = loadWorker(
      [],
      (url) => {
        if (!online) return Promise.reject(new TypeError('Failed to fetch'));
        const path = new URL(url).pathname;
        requested.push(path);
        return Promise.resolve(response(path));
      },
      withPrecacheList(source, list),
    );

    await worker.dispatch('install', {});
    for (const file of [...list, '/index.html', '/assets/main-K1.js']) {
      expect(worker.cached.has(file), file).toBe(true);
    }

    online = false;
    for (const path of ['/order/step-1', '/order/step-2', '/order/x/success']) {
      expect(await worker.navigate(path)).toBe(worker.cached.get('/order.html'));
    }
    expect(await worker.navigate('/cabinet/orders')).toBe(worker.cached.get('/index.html'));
  });

  it('the worker as shipped (no build) lists nothing of its own, and the build refuses a worker without the line', () => {
    expect(source).toContain('const BUILD_PRECACHE = [];');
    expect(() => withPrecacheList('self.addEventListener("install", () => {});', ['/order.html'])).toThrow(
      /BUILD_PRECACHE/,
    );
  });
});
