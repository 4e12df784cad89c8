import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Fetches the code of the lazy routes a test will visit before the test runs. In Vitest a route's first import
 * is Vite transforming its whole module graph (Mantine included): seconds on a busy two-core machine, far past
 * Testing Library's one-second `findBy`. Loaded here, inside a hook with room for it, the test's own waits cover
 * only what the app does. `paths` are the pathnames the test opens or is sent to.
 */
export async function loadRouteModules(routes: RouteObject[], paths: readonly string[]): Promise<void> {
  const loaders = new Set<() => unknown>();
  for (const path of paths) {
    for (const { route } of matchRoutes(routes, path) ?? []) {
      if (typeof route.lazy === 'function') loaders.add(route.lazy);
    }
  }
  await Promise.all([...loaders].map((load) => load()));
}

/** Room for the first transform of a route's code on a busy machine (see loadRouteModules). */
export const ROUTE_MODULES_TIMEOUT_MS = 120_000;
