import { expect, type Page } from '@playwright/test';

/**
 * The page does not scroll sideways (a phone page that wobbles under the thumb) and nothing sticks out of the
 * screen; on failure it names the outermost elements that do.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  // Retried until the page settles: after a resize, components that switch by a media query in script (a modal
  // going full screen, a table turning into cards) render a moment later, later still on a loaded machine.
  await expect(async () => {
    const result = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const outermost: string[] = [];
      if (document.documentElement.scrollWidth > width) {
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
          const right = element.getBoundingClientRect().right;
          const parentRight = element.parentElement?.getBoundingClientRect().right ?? 0;
          if (right > width + 1 && parentRight <= width + 1) {
            outermost.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}"`);
          }
        }
      }
      return { scroll: document.documentElement.scrollWidth, width, outermost: outermost.slice(0, 5) };
    });
    expect(result.scroll, `wider than the screen: ${result.outermost.join(', ')}`).toBeLessThanOrEqual(
      result.width,
    );
  }).toPass({ timeout: 10_000 });
}
