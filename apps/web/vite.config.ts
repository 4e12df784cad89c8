import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/**
 * Code the first screen of either app runs (React, Mantine's core, TanStack Query), kept in one chunk: left alone,
 * the bundler splits it into some forty small chunks shared with lazy pages, and on a phone each costs a round
 * trip (decision 013). Libraries' barrel files are left out on purpose: they would pull in every component.
 * react-router is a chunk of its own: the order pages run without it (decision 018). What only the back office uses
 * (EmptyState, mutations, infinite lists) stays out, so the order pages' first load does not carry it (decision 065).
 */
const INITIAL_CODE = new RegExp(
  [
    // preact and what `react` is in the order pages' own build (vite.order.config.ts, decision 081); the alias
    // module must sit with preact: as a chunk of its own it formed an import cycle with this one.
    String.raw`node_modules[\/](react|react-dom|scheduler|clsx|preact)[\/]`,
    String.raw`src[\/]order-build[\/]react\.js$`,
    // Not the mutation and infinite-query observers: only back-office pages and step 3 use them (decision 065).
    String.raw`node_modules[\/]@tanstack[\/](query-core|react-query)[\/]build[\/]modern[\/](?!index|mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)`,
    String.raw`node_modules[\/]@mantine[\/]store[\/]`,
    String.raw`node_modules[\/]@mantine[\/]hooks[\/]esm[\/](utils|use-(click-outside|collapse|debounced-value|did-update|id|isomorphic-effect|media-query|merged-ref|reduced-motion|uncontrolled|window-event))[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]core[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/](ActionIcon|Alert|Anchor|Box|Button|Card|Center|CloseButton|Collapse|Container|Divider|Grid|Group|Loader|Paper|Skeleton|Stack|Text|ThemeIcon|Title|Transition|UnstyledButton)[\/]`,
    // With the icon factory its defaults: left to the bundler, the order build put them in the order app's chunk,
    // which this one then imported while that one imported this one (a cycle: the icons failed to load).
    String.raw`node_modules[\/]@tabler[\/]icons-react[\/]dist[\/]esm[\/](create|defaultAttributes)`,
  ].join('|'),
);

/** The fields of step 1 (native selects, checkboxes, inputs, progress bars): one lazy chunk. */
const ORDER_FIELDS_CODE = new RegExp(
  [
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/](Checkbox|Input|InputBase|NativeSelect|Progress|SimpleGrid|TextInput)[\/]`,
    // Only the chevron and the option parser of Combobox: its dropdown code stays with the pages that open one.
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/]Combobox[\/](ComboboxChevron|get-parsed-combobox-data)[\/]`,
  ].join('|'),
);

/** Everything the first screen runs in one file besides the entry; lazy pages keep their own chunks. */
export const CHUNK_GROUPS = [
  { name: 'initial', test: INITIAL_CODE, includeDependenciesRecursively: false, priority: 2 },
  {
    name: 'router',
    test: /node_modules[\\/]react-router[\\/]/,
    includeDependenciesRecursively: false,
    priority: 2,
  },
  { name: 'order-fields', test: ORDER_FIELDS_CODE, includeDependenciesRecursively: false, priority: 1 },
];

/**
 * The entry (src/main.tsx) imports one of two apps, the order pages or the rest (decision 018). index.html serves
 * the rest, so it preloads that app's code and styles, which then download with the entry instead of after it
 * has run; scripts/prerender.mjs swaps these links (marked) for the order pages' in order.html and
 * order-step-1.html.
 */
export function preloadApp(sourcePath: string): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(sourcePath),
        );
        if (!app) throw new Error(`preload-app: no chunk for ${sourcePath}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (scripts.has(fileName) || chunk?.type !== 'chunk') return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((file) => styles.add(file));
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        const tag = (attrs: HtmlTagDescriptor['attrs']): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, 'data-app-preload': true },
          injectTo: 'head',
        });
        return [
          ...[...styles]
            .filter((file) => !html.includes(file))
            .map((file) => tag({ rel: 'stylesheet', crossorigin: true, href: `/${file}` })),
          ...[...scripts]
            .filter((file) => !html.includes(file))
            .map((file) => tag({ rel: 'modulepreload', crossorigin: true, href: `/${file}` })),
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadApp('src/app/app.tsx')],
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
        rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
      },
}));
