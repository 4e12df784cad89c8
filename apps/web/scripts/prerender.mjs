// Writes dist/order-step-1.html: index.html with the first screen of /order/step-1 drawn in, so a phone paints
// the form before the scripts have run (decision 017). Runs after `vite build` and the SSR build of
// src/prerender/order-step-1.tsx (dist-ssr).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const entry = pathToFileURL(path.join(web, 'dist-ssr/order-step-1.js')).href;
const { renderOrderStep1 } = await import(entry);
const body = await renderOrderStep1();
// The fields are lazy: had they not been rendered, the copy would show the loading skeleton instead of the form.
if (body.includes('aria-busy="true"')) throw new Error('prerender: step 1 rendered its loading skeleton');

/**
 * The copy is the phone layout (the form switches to two columns at 62em, DESKTOP_QUERY): wider screens never
 * show it. While it is shown, the live page renders hidden under it and takes its place in one frame.
 */
const SNAPSHOT_CSS =
  '#page-snapshot{display:none}' +
  '@media (max-width:61.99em){#page-snapshot{display:block}#page-snapshot~#root{display:none}}';

/**
 * index.html preloads the fields' chunk so that it downloads with the first scripts (decision 013). With the form
 * already drawn, those downloads would only compete with the stylesheet the drawing waits for (Lighthouse mobile:
 * FCP 2.0–2.3 s and performance 91–96 without them, 2.5 s and 88–90 with them); the live page asks for the
 * chunk as soon as it starts.
 */
const LAZY_PRELOAD = /<link [^>]*data-lazy-preload[^>]*>/g;

const index = await readFile(path.join(web, 'dist/index.html'), 'utf8');
const html = index
  .replace(LAZY_PRELOAD, '')
  .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
  .replace('</head>', `<style>${SNAPSHOT_CSS}</style></head>`)
  .replace(
    '<div id="root"></div>',
    `<div id="page-snapshot" inert aria-hidden="true">${body}</div><div id="root"></div>`,
  );
if (!html.includes('id="page-snapshot"') || !html.includes('data-mantine-color-scheme')) {
  throw new Error('prerender: dist/index.html does not have the expected <html> and #root');
}
await writeFile(path.join(web, 'dist/order-step-1.html'), html);
console.log(`prerendered /order/step-1 (${Math.round(body.length / 1024)} KB of HTML)`);
