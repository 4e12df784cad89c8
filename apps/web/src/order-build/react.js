/**
 * What `react` is in the order pages' own build (vite.order.config.ts, decision 081): preact/compat, plus the one
 * React 19 export Mantine 9 imports that preact/compat lacks. No source file imports this module: the build's alias
 * points `react` here. Plain JavaScript because preact/compat's types (`export =`) cannot be re-exported with
 * `export *` from TypeScript; nothing type-checks against it (the sources are typed against React).
 */
import { createElement } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19.2's `<Activity>`: hidden content stays mounted (its state kept) but is not displayed. Mantine renders it
 * only for `keepMounted` transitions, collapses, tabs and steppers — none on the order pages today, but the
 * modules import it. Unlike React, effects inside hidden content keep running; the wrapper is `display: contents`
 * while visible, so layout and styles are the children's own.
 *
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' }, 'data-activity': mode },
    children,
  );
}
