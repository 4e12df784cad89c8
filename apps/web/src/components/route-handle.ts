import { useMatches } from 'react-router';

/** What a route declares about itself in `handle`. */
export type RouteHandle = { title?: string };

function readTitle(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string') {
    return handle.title;
  }
  return undefined;
}

/** The title of the deepest matched route that declares one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = readTitle(matches[index]?.handle);
    if (title) return title;
  }
  return undefined;
}
