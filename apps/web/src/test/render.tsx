import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { configureApiClient } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/lib/storage';

export type FetchRoute = (url: URL, init: RequestInit | undefined) => unknown;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch double answering by path; `handler` returns a body, a Response, or undefined for a 404. */
export function mockApi(handler: FetchRoute) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = await handler(url, init);
    if (answer instanceof Response) return answer;
    if (answer === undefined)
      return jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' }, 404);
    return jsonResponse(answer);
  });
  configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  return fetchMock;
}

/** Renders an element inside the app providers at a cabinet path, with a cabinet token stored. */
export function renderInCabinet(
  element: ReactElement,
  options: { path?: string; routes?: RouteObject[] } = {},
) {
  window.localStorage.setItem(STORAGE_KEYS.cabinetToken, 'aaa.bbb.ccc');
  const path = options.path ?? '/cabinet/test';
  const router = createMemoryRouter(
    options.routes ?? [
      { path, element },
      { path: '*', element: <div data-testid="navigated" /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
