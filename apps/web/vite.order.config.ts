import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { orderPrecacheList, withPrecacheList, type Manifest } from './src/order-build/precache.ts';
import { CHUNK_GROUPS } from './vite.config.ts';

/**
 * The order pages' own build (decision 081): the same sources as the main build, from src/order-main.tsx, with
 * React's renderer replaced by preact/compat (≈ 60 KB gzip less on the first load of /order/step-1). Only this
 * build sees the aliases: the rest of the site, the build-time copy of step 1 and the unit tests run on React.
 */
const PREACT_COMPAT = [
  // preact/compat and React 19's <Activity>, which Mantine imports and preact/compat does not have.
  { find: /^react$/, replacement: fileURLToPath(new URL('src/order-build/react.js', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * zod in a chunk of its own, as the main build makes it: left alone this build merged it into the validation
 * chunk, and the e2e check that step 1 loads no zod before the visitor acts (decision 041) looks for its name.
 */
const ZOD_GROUP = {
  name: 'zod',
  test: /node_modules[\\/]zod[\\/]/,
  includeDependenciesRecursively: false,
  priority: 1,
};

/**
 * index.html with the order entry instead of src/main.tsx, written as dist/order.html (dist/index.html stays the
 * main build's); scripts/prerender.mjs then finishes order.html and order-step-1.html from it.
 */
function orderPage(): Plugin {
  return {
    name: 'order-page',
    apply: 'build',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('/src/main.tsx', '/src/order-main.tsx'),
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('order-page: the build wrote no index.html');
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: 'order.html', source: page.source });
    },
  };
}

/**
 * dist/service-worker.js (the main build copied public/service-worker.js as is) with the order build's files in
 * its precache list, from this build's manifest once it is written (decision 083).
 */
function serviceWorkerPrecache(): Plugin {
  const dist = (file: string) => fileURLToPath(new URL(`dist/${file}`, import.meta.url));
  return {
    name: 'service-worker-precache',
    apply: 'build',
    closeBundle() {
      const manifest = JSON.parse(readFileSync(dist('.vite/order-manifest.json'), 'utf8')) as Manifest;
      const source = readFileSync(
        fileURLToPath(new URL('public/service-worker.js', import.meta.url)),
        'utf8',
      );
      writeFileSync(dist('service-worker.js'), withPrecacheList(source, orderPrecacheList(manifest)));
    },
  };
}

export default defineConfig({
  plugins: [react(), orderPage(), serviceWorkerPrecache()],
  resolve: { tsconfigPaths: true, alias: PREACT_COMPAT, dedupe: ['preact'] },
  publicDir: false,
  build: {
    // After the main build (which empties dist/): hashed names keep the two builds' files apart.
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    // `npm run bench` and the e2e budget sum the initial JavaScript of /order/step-1 from this manifest.
    manifest: '.vite/order-manifest.json',
    rolldownOptions: { output: { codeSplitting: { groups: [...CHUNK_GROUPS, ZOD_GROUP] } } },
  },
});
