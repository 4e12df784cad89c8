// Finishes dist/order.html (the order pages' own build on preact/compat, vite.order.config.ts, decision 081) and
// writes dist/order-step-1.html: order.html with the first screen of /order/step-1 drawn in, so a phone paints
// the form before the scripts have run (decision 017). Runs after both client builds and the SSR build of
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

const ORDER_ENTRY = 'index.html';
const ORDER_APP = 'src/app/order-funnel/order-funnel-app.tsx';
const STEP1_FIELDS = 'src/features/order-form/components/step1-form.tsx';

/**
 * The order build's page with the order app's scripts and styles, from that build's manifest. Its few CSS modules
 * (under 3 KB, step 1's fields' included: the copy draws the file picker) are written into the page after Mantine's
 * stylesheet (the cascade order of the main build): as files they would be more requests the first paint waits
 * for (Lighthouse mobile 80–92 with them as links). Each also gets a disabled link: the code that loads a lazy
 * chunk (Vite's preload helper) looks for a stylesheet link of that file before adding one, and adding one
 * re-evaluates the page's styles and waits for the file — a 30–90 ms task at 4× CPU on step 1 (decision 065); a
 * disabled link is neither downloaded nor applied. Step 1's fields' scripts are left out: with the form already
 * drawn, their download would only compete with the stylesheet the drawing waits for (performance 91–96 without
 * them, 88–90 with them); the live page asks for them as soon as it starts (decision 017).
 */
async function withOrderApp(page) {
  const manifest = JSON.parse(await readFile(path.join(web, 'dist/.vite/order-manifest.json'), 'utf8'));
  for (const key of [ORDER_ENTRY, ORDER_APP, STEP1_FIELDS]) {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the order build's manifest`);
  }
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    (chunk.css ?? []).forEach((file) => styles.add(file));
    (chunk.imports ?? []).forEach(visit);
  };
  visit(ORDER_APP);
  (manifest[STEP1_FIELDS].css ?? []).forEach((file) => styles.add(file));
  // Mantine's stylesheet (the entry's) stays a render-blocking link: the copy needs it before any script.
  const blocking = new Set(manifest[ORDER_ENTRY].css ?? []);
  const inlined = [...styles].filter((file) => !blocking.has(file));
  const css = await Promise.all(inlined.map((file) => readFile(path.join(web, 'dist', file), 'utf8')));
  const withoutLinks = inlined.reduce(
    (html, file) => html.replace(new RegExp(`<link rel="stylesheet"[^>]*href="/${file}"[^>]*>\\s*`), ''),
    page,
  );
  const links = [
    ...inlined.map((file) => `<link rel="stylesheet" href="/${file}" disabled data-inlined>`),
    css.length > 0 ? `<style data-order-app>${css.join('')}</style>` : '',
    ...[...scripts]
      .filter((file) => !page.includes(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
  return withoutLinks.replace('</head>', `${links}</head>`);
}

/**
 * Mantine's CSS variables and global classes, as the prerender wrote them, go into the <head> of the order pages
 * (decision 083): the live page finds them there and does not generate them again (src/app/providers.tsx), and
 * they outlive the copy of step 1, which is removed.
 */
const MANTINE_PAGE_STYLES = /<style data-mantine-styles="(?:true|classes)">[^<]*<\/style>/g;
const mantineStyles = body.match(MANTINE_PAGE_STYLES) ?? [];
if (mantineStyles.length !== 2)
  throw new Error("prerender: step 1 did not render Mantine's variables and classes");
const snapshotBody = body.replace(MANTINE_PAGE_STYLES, '');

// Steps 2 and 3 and the success page (a reload, the payment's return) load the order app too.
const orderIndex = (await withOrderApp(await readFile(path.join(web, 'dist/order.html'), 'utf8'))).replace(
  '</head>',
  `${mantineStyles.join('')}</head>`,
);
await writeFile(path.join(web, 'dist/order.html'), orderIndex);

const html = orderIndex
  .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
  .replace('</head>', `<style>${SNAPSHOT_CSS}</style></head>`)
  .replace(
    '<div id="root"></div>',
    `<div id="page-snapshot" inert aria-hidden="true">${snapshotBody}</div><div id="root"></div>`,
  );
if (!html.includes('id="page-snapshot"') || !html.includes('data-mantine-color-scheme')) {
  throw new Error('prerender: dist/order.html does not have the expected <html> and #root');
}
await writeFile(path.join(web, 'dist/order-step-1.html'), html);
console.log(`prerendered /order/step-1 (${Math.round(body.length / 1024)} KB of HTML)`);
