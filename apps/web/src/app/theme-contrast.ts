import {
  darken,
  DEFAULT_THEME,
  luminance,
  type MantineColorsTuple,
  type MantineThemeColors,
} from '@mantine/core';

/*
 * How the theme's text colours are made readable (WCAG AA, issue 16, decision 037). Pages do not run this: its
 * result for the theme is the constant in theme-text-colors.ts (theme.test.ts checks they agree), because computing
 * it (a few thousand colour conversions) was a 50 ms task of every phone's first load (decision 065).
 */

/** WCAG AA for body text (1.4.3); a little over 4.5 so rounding in a browser never lands under it. */
export const MIN_TEXT_CONTRAST = 4.6;

/** The contrast ratio of two colours (WCAG 2 relative luminance), 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour itself, or darkened in small steps until text in it reads on every one of the backgrounds. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  let result = color;
  for (let step = 0; step < 40; step += 1) {
    if (backgrounds.every((background) => contrastRatio(result, background) >= MIN_TEXT_CONTRAST)) break;
    result = darken(result, 0.04);
  }
  return result;
}

const GRAY = DEFAULT_THEME.colors.gray;
/** Where text sits: the page, the grey panels (summary, cards, api docs) and the light hover of a row. */
const PAGE_BACKGROUNDS = ['#ffffff', GRAY[0], GRAY[1]] as const;
/** Filled buttons and badges use this shade of every colour (Mantine's default 6 is 3.55:1 under white text). */
export const PRIMARY_SHADE = 8;

function readableColorVariables(name: string, shades: MantineColorsTuple): Record<string, string> {
  const text = readableOn(shades[PRIMARY_SHADE], [...PAGE_BACKGROUNDS, shades[0], shades[1]]);
  return {
    [`--mantine-color-${name}-text`]: text,
    [`--mantine-color-${name}-outline`]: text,
    // The light variant: text in the colour's darkest shade on its pale tint (orange-9 on orange-1 is 3.6:1).
    [`--mantine-color-${name}-light-color`]: readableOn(shades[9], [shades[1], shades[2], '#ffffff']),
  };
}

/**
 * The light scheme's text colours at WCAG AA (issue 16): Mantine's grey for secondary text is 3.32:1, its
 * placeholder (also the prompt of an empty select) 2.07:1, its error red 3.28:1, and a colour's text, outline and
 * light-variant shades fall under 4.5:1 for orange, green, teal, cyan, lime and yellow. Pages keep using `dimmed`,
 * `c="red"`, `variant="outline"`...; the values behind them are made readable here, once.
 */
export function readableTextVariables(colors: MantineThemeColors): Record<string, string> {
  const secondary = readableOn(colors.gray[6], [...PAGE_BACKGROUNDS, colors.gray[2], colors.blue[0]]);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': secondary,
    '--mantine-color-placeholder': secondary,
    '--mantine-color-error': readableOn(colors.red[7], [...PAGE_BACKGROUNDS, colors.red[0]]),
    '--mantine-color-anchor': readableOn(colors.blue[PRIMARY_SHADE], PAGE_BACKGROUNDS),
  };
  for (const [name, shades] of Object.entries(colors)) {
    Object.assign(light, readableColorVariables(name, shades));
  }
  return light;
}
