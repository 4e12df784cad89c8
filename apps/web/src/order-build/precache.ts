/**
 * What the service worker precaches of the order pages' own build (vite.order.config.ts, decision 081; the list
 * is decision 083). The order pages are answered with order.html, which loads that build's files, not index.html's:
 * offline they open from a cached order.html, so it and every file they can load must be in the cache already.
 */

/** One entry of a Vite manifest (`build.manifest`): the keys of `imports`/`dynamicImports` are other entries. */
export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

/** The page the worker answers an order page with when the network is gone (the server sends it at this path). */
export const ORDER_PAGE = '/order.html';

/** The line of public/service-worker.js the build replaces with the list (the file itself ships an empty one). */
export const PRECACHE_PLACEHOLDER = 'const BUILD_PRECACHE = [];';

/**
 * order.html, then the build's entry and every chunk it loads at start or later (the steps, the success pages, the
 * map, validation), with their styles and files, as absolute paths. Built from the manifest of the order build.
 */
export function orderPrecacheList(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('precache: the order build manifest has no entry');
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  entries.forEach(visit);
  return [ORDER_PAGE, ...[...files].map((file) => `/${file}`)];
}

/**
 * The worker's source with the list written in. A new build's list has new hashed names, so the worker's bytes
 * change and the browser installs it again (which precaches the new files).
 */
export function withPrecacheList(workerSource: string, list: readonly string[]): string {
  if (!workerSource.includes(PRECACHE_PLACEHOLDER)) {
    throw new Error(`precache: service-worker.js has no "${PRECACHE_PLACEHOLDER}" line`);
  }
  return workerSource.replace(PRECACHE_PLACEHOLDER, `const BUILD_PRECACHE = ${JSON.stringify(list)};`);
}
