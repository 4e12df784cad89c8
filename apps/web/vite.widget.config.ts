import { defineConfig } from 'vite';

/**
 * The integrator widget (decision 072): one self-contained script, `dist/widget.js`, built after the app (the app's
 * build empties dist/). No React, no shared chunks: a partner's page loads this file only.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/widget/widget.ts',
      formats: ['iife'],
      name: 'PerevodWidgetBundle',
      fileName: () => 'widget.js',
    },
  },
});
