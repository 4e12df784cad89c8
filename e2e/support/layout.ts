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

/**
 * Every chart legend on the page is laid out as Mantine's stylesheet lays it out: each colour swatch beside its
 * name. Without the charts' stylesheet a legend falls apart into a swatch on one line and its name on the next.
 */
export async function expectChartLegendsStyled(page: Page): Promise<void> {
  const items = page.locator('.mantine-ChartLegend-legendItem');
  await expect(items.first()).toBeVisible();
  const legend = await items.evaluateAll((elements) =>
    elements.map((item) => {
      const swatch = item.querySelector('.mantine-ChartLegend-legendItemColor')?.getBoundingClientRect();
      const label = item.querySelector('.mantine-ChartLegend-legendItemName');
      const box = label?.getBoundingClientRect();
      if (!swatch || !box) return { name: label?.textContent ?? '?', offset: Infinity, gap: -Infinity };
      return {
        name: label?.textContent ?? '?',
        offset: Math.abs((swatch.top + swatch.bottom) / 2 - (box.top + box.bottom) / 2),
        gap: box.left - swatch.right,
      };
    }),
  );
  for (const item of legend) {
    expect(item.offset, `legend «${item.name}»: its name is not level with its swatch`).toBeLessThanOrEqual(
      4,
    );
    expect(item.gap, `legend «${item.name}»: its name is not beside its swatch`).toBeGreaterThanOrEqual(0);
  }
}
