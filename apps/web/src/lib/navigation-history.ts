/**
 * The path the user is on before a navigation completes. Route loaders run before the location changes,
 * so inside a loader this is the page the user is coming from (/login from a cabinet page, spec 4).
 */
let currentPath: string | null = null;

export function setCurrentPath(path: string): void {
  currentPath = path;
}

export function getPreviousPath(): string | null {
  return currentPath;
}
