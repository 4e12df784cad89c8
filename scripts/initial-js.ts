/**
 * Initial JavaScript of the public order page (gzip): what /order/step-1 loads before it can be used. Its page,
 * order-step-1.html (its first screen drawn in, decision 017), loads the entry and preloads the order pages' app
 * (decision 018); the app asks for the fields' chunk as it starts, so the sum takes that chunk and its imports
 * from the build manifest too. Validation (zod), toasts and the other pages are lazy.
 *
 * Read from the build output only (no browser, no timing): `npm run bench` prints it, and the e2e spec
 * `e2e/public/initial-js-budget.spec.ts` fails the suite when it grows over `INITIAL_JS_BUDGET_KB` (decision 041).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 16's target for the order funnel's initial JS. */
export const INITIAL_JS_TARGET_KB = 100;
/**
 * What the suite lets it grow to: today's size with a little room (decision 081: 76.7 KB with the order pages on
 * preact/compat; 139.9 KB on React, decision 065). Lower it when
 * the first load gets smaller; raising it needs a reason in a decision record.
 */
export const INITIAL_JS_BUDGET_KB = 79;

export type InitialJs = {
  /** gzip (zlib default level) of every script, in bytes. */
  gzipBytes: number;
  /** The scripts, as `assets/<name>.js`, with their gzip size in bytes. */
  files: { file: string; gzipBytes: number }[];
  /** Render-blocking stylesheets of the page, gzip bytes. */
  cssGzipBytes: number;
};

const FIELDS_MODULE = 'src/features/order-form/components/step1-form.tsx';

export async function measureInitialJs(dist: string): Promise<InitialJs> {
  // A disabled stylesheet link stands for CSS written into the page (scripts/prerender.mjs): neither loaded nor applied.
  const html = (await readFile(join(dist, 'order-step-1.html'), 'utf8')).replace(
    /<link [^>]*\bdisabled\b[^>]*>/g,
    '',
  );
  // The order pages are their own build on preact/compat (apps/web/vite.order.config.ts, decision 081).
  const manifest = JSON.parse(await readFile(join(dist, '.vite/order-manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const assets = (extension: string) =>
    new Set(
      [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)]
        .map((match) => match[1]!)
        .filter((file) => file.endsWith(extension)),
    );
  const scripts = assets('.js');
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  if (!manifest[FIELDS_MODULE]) throw new Error(`${FIELDS_MODULE} is not in the build manifest`);
  visit(FIELDS_MODULE);
  const gzipSize = async (file: string) => gzipSync(await readFile(join(dist, file))).length;
  const files = await Promise.all(
    [...scripts].map(async (file) => ({ file, gzipBytes: await gzipSize(file) })),
  );
  let cssGzipBytes = 0;
  for (const style of assets('.css')) cssGzipBytes += await gzipSize(style);
  return {
    gzipBytes: files.reduce((sum, item) => sum + item.gzipBytes, 0),
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    cssGzipBytes,
  };
}
