/**
 * The web tests share one worker's module graph and one jsdom window across files (vitest.config.ts, the web
 * project's `isolate: false`: ≈ 5× faster than a fresh worker and window per file). Each file must still end as if
 * its process had ended, or what it left behind acts in the next file — as it did: an analytics flush timer of one
 * file called the next file's stubbed `fetch`, and a `pagehide` listener of a dropped tracker sent its queue with
 * the next file's `sendBeacon`.
 *
 * `isolateFiles()` (setup.ts, before every file) notes what the file starts that outlives its tests — real timers,
 * listeners on `window` and `document`, properties defined on `navigator` — and, when the file ends, clears and
 * removes them, puts back the address, the title, the `<html>`, `<head>` and `<body>` as the first file found them,
 * and drops the app's modules (`vi.resetModules`, so module-level stores start empty in the next file).
 */
import path from 'node:path';
import { afterAll, vi } from 'vitest';

type Handle = ReturnType<typeof setTimeout>;
type Listener = {
  target: EventTarget;
  type: string;
  listener: EventListenerOrEventListenerObject;
  options?: boolean | EventListenerOptions;
};
type Registry = {
  timers: Set<Handle>;
  listeners: Listener[];
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
  setInterval: typeof setInterval;
  clearInterval: typeof clearInterval;
  href: string;
  head: string;
  htmlAttributes: Array<[string, string]>;
  bodyAttributes: Array<[string, string]>;
  navigatorProperties: Set<string | symbol>;
};

const KEY = Symbol.for('web-tests.file-isolation');
const scope = globalThis as typeof globalThis & { [KEY]?: Registry };

const attributesOf = (element: Element): Array<[string, string]> =>
  [...element.attributes].map((attribute) => [attribute.name, attribute.value]);

function restoreAttributes(element: Element, attributes: Array<[string, string]>): void {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
  for (const [name, value] of attributes) element.setAttribute(name, value);
}

const APP_SOURCE = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** Whether the code that called the wrapper (the stack's third line) is the app's own, not a library's. */
function isAppCaller(): boolean {
  const caller = new Error().stack?.split('\n')[3] ?? '';
  return caller.includes(APP_SOURCE) && !caller.includes('node_modules');
}

/** Wraps the timers and `addEventListener` once per worker, as the first file found them. */
function install(): Registry {
  const registry: Registry = {
    timers: new Set(),
    listeners: [],
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
    href: window.location.href,
    head: document.head.innerHTML,
    htmlAttributes: attributesOf(document.documentElement),
    bodyAttributes: attributesOf(document.body),
    navigatorProperties: new Set(Reflect.ownKeys(navigator)),
  };
  const { timers } = registry;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const handle: Handle = registry.setTimeout(
      (...callArgs: unknown[]) => {
        timers.delete(handle);
        callback(...callArgs);
      },
      delay,
      ...args,
    );
    timers.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle?: Handle) => {
    if (handle !== undefined) timers.delete(handle);
    registry.clearTimeout(handle);
  }) as typeof clearTimeout;
  globalThis.setInterval = ((callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const handle: Handle = registry.setInterval(callback, delay, ...args);
    timers.add(handle);
    return handle;
  }) as typeof setInterval;
  globalThis.clearInterval = ((handle?: Handle) => {
    if (handle !== undefined) timers.delete(handle);
    registry.clearInterval(handle);
  }) as typeof clearInterval;

  // Elements go with the page's DOM (Testing Library's cleanup); window and document stay, and so would the
  // listeners the app's modules add to them (the tracker's `pagehide`, the draft store's events). Libraries keep
  // theirs: user-event prepares a document once and remembers it, so its listeners must outlive the file.
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    target.addEventListener = (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) => {
      if (listener && isAppCaller()) registry.listeners.push({ target, type, listener, options });
      add(type, listener, options);
    };
  }
  return registry;
}

function endFile(registry: Registry): void {
  for (const handle of registry.timers) {
    registry.clearTimeout(handle);
    registry.clearInterval(handle);
  }
  registry.timers.clear();
  for (const { target, type, listener, options } of registry.listeners)
    target.removeEventListener(type, listener, options);
  registry.listeners = [];
  for (const key of Reflect.ownKeys(navigator))
    if (!registry.navigatorProperties.has(key)) Reflect.deleteProperty(navigator, key);
  window.history.replaceState(null, '', registry.href);
  document.title = '';
  document.head.innerHTML = registry.head;
  document.body.innerHTML = '';
  restoreAttributes(document.documentElement, registry.htmlAttributes);
  restoreAttributes(document.body, registry.bodyAttributes);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.resetModules();
}

export function isolateFiles(): void {
  const registry = (scope[KEY] ??= install());
  afterAll(() => endFile(registry));
}
