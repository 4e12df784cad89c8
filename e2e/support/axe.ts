import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe finding on the page as it is now (every rule axe runs, WCAG A/AA and best
 * practice); on failure it names each rule with its first elements. A page must also have one `<main>`
 * landmark (axe calls its absence moderate, screen reader users jump to it).
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Only the violations are collected (axe's `resultTypes`): the passes and the inapplicable rules are still run
  // but not described node by node, which is most of axe's time on a large page.
  // Legacy mode: axe.run in the page itself (and in each same-origin frame, where axe is injected too). The default
  // runs axe.runPartial and then opens a blank tab per check to inject axe a second time and merge the results
  // there — a renderer and 550 KB of script more for every call; that is for cross-origin frames, which the pages
  // under test do not have. The eight specs that call this took 245–259 s of machine CPU instead of 271–281
  // (alternating runs, 2026-11-28); axe reports the same findings, in same-origin frames too.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const findings = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ` +
        violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`)
          .join(' | '),
    );
  expect.soft(findings, `axe on ${name}`).toEqual([]);
  expect.soft(await page.locator('main, [role="main"]').count(), `one <main> on ${name}`).toBe(1);
}
