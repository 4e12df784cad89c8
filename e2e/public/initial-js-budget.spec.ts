import { expect, test } from '@playwright/test';
import { INITIAL_JS_BUDGET_KB, measureInitialJs } from '../../scripts/initial-js';

/**
 * The order funnel's first load stays within its budget (issue 16, decision 041): the gzip size of every script
 * /order/step-1 needs before it can be used, read from the build the suite runs against (no browser, no timing).
 * `npm run bench` prints the same number next to the Lighthouse scores.
 */
test('the initial JavaScript of /order/step-1 is within its budget', async () => {
  const measured = await measureInitialJs(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const largest = measured.files
    .slice(0, 5)
    .map(({ file, gzipBytes }) => `${file} ${(gzipBytes / 1024).toFixed(1)} KB`)
    .join(', ');
  expect(
    measured.gzipBytes / 1024,
    `initial JS of /order/step-1 over its ${INITIAL_JS_BUDGET_KB} KB gzip budget; largest: ${largest}`,
  ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  // The sum is of the order pages' own app: react-router belongs to the rest of the site (decision 018).
  expect(measured.files.filter(({ file }) => /\/router-[^/]+\.js$/.test(file))).toEqual([]);
});
