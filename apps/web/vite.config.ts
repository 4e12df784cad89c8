import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/**
 * Code the first screen (the shell and /order/step-1's frame) runs, kept in one chunk: left alone, the bundler
 * splits it into some forty small chunks shared with lazy pages, and on a phone each costs a round trip
 * (decision 013). Libraries' barrel files are left out on purpose: they would pull in every component.
 */
const INITIAL_CODE = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|react-router|clsx)[\/]`,
    String.raw`node_modules[\/]@tanstack[\/](query-core|react-query)[\/]build[\/]modern[\/](?!index)`,
    String.raw`node_modules[\/]@mantine[\/]store[\/]`,
    String.raw`node_modules[\/]@mantine[\/]hooks[\/]esm[\/](utils|use-(click-outside|collapse|debounced-value|did-update|id|isomorphic-effect|media-query|merged-ref|reduced-motion|uncontrolled|window-event))[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]core[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/](ActionIcon|Alert|Anchor|Box|Button|Card|Center|CloseButton|Collapse|Container|Divider|EmptyState|Grid|Group|Loader|Paper|Skeleton|Stack|Text|ThemeIcon|Title|Transition|UnstyledButton)[\/]`,
    String.raw`node_modules[\/]@tabler[\/]icons-react[\/]dist[\/]esm[\/]create`,
  ].join('|'),
);

/** The fields of step 1 (searchable selects with their popover, checkboxes, inputs): one lazy chunk. */
const ORDER_FIELDS_CODE = new RegExp(
  [
    String.raw`node_modules[\/]@floating-ui[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/](Checkbox|Combobox|FocusTrap|Input|InputBase|Popover|Portal|Progress|ScrollArea|Select|SimpleGrid|TextInput)[\/]`,
  ].join('|'),
);

/**
 * Step 1's fields are a lazy chunk so that its frame paints first; index.html still preloads that chunk, so it
 * downloads together with the first-load scripts instead of after they have run (decision 013).
 */
function preloadLazyModule(sourcePath: string): Plugin {
  return {
    name: 'preload-lazy-module',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const lazy = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(sourcePath),
        );
        if (!lazy) throw new Error(`preload-lazy-module: no chunk for ${sourcePath}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(lazy.fileName);
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            // Marked so that the prerendered step 1 can leave them out (scripts/prerender.mjs, decision 017).
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-lazy-preload': true },
            injectTo: 'head',
          }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadLazyModule('src/features/order-form/components/step1-form.tsx')],
  // `@/` is apps/web/src (tsconfig paths): no `../../..` chains across the app.
  resolve: { tsconfigPaths: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  // The SSR build only renders /order/step-1 at build time (scripts/prerender.mjs, decision 017): no public files,
  // no manifest, no chunk groups.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // dist/.vite/manifest.json: `npm run bench` sums the initial JavaScript of /order/step-1 from it.
        manifest: true,
        rolldownOptions: {
          output: {
            // Everything the first screen runs in one file besides the entry; lazy pages keep their own chunks.
            codeSplitting: {
              groups: [
                { name: 'initial', test: INITIAL_CODE, includeDependenciesRecursively: false, priority: 2 },
                {
                  name: 'order-fields',
                  test: ORDER_FIELDS_CODE,
                  includeDependenciesRecursively: false,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
