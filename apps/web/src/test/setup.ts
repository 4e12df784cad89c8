import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { isolateFiles } from './file-isolation';

// `findBy*` and `waitFor` give up after 1 s by default. A Mantine page rendered by jsdom takes most of that on a
// quiet machine and more on a busy two-core one (the suite's other worker, a build, another process): the tests
// wait as long as the browser tests' expectations do not (10 s), but longer than a render can honestly take.
// Code that a test reaches through a lazy route is loaded before it (test/route-modules.ts, decision 024).
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;

Element.prototype.scrollIntoView ??= vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  notifications.clean();
});

// Each file ends as if its process had ended (vitest.config.ts, the web project's `isolate: false`).
isolateFiles();
