import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

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
const PRIMARY_SHADE = 8;

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  // White or black text on a filled colour, whichever reads: at this luminance the two contrast alike (4.5:1 and
  // a little over), so every shade gets one that reaches AA. A hair above 0.179 keeps white on red-8 (4.51:1).
  autoContrast: true,
  luminanceThreshold: 0.183,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A closed select renders no dropdown (Mantine 9 keeps it mounted, hidden, with every option, and positions it
    // with a forced layout and a synchronous re-render): the order form's three selects cost a long task on a
    // phone's first load. A plain object, not Combobox.extend, so the first-load chunk does not import Combobox.
    Combobox: { defaultProps: { keepMounted: false } },
    // A loader is a <span>; its aria-label ("Загружаем пункты выдачи") is only allowed with a role (axe
    // aria-prohibited-attr, serious). `status` also lets screen readers announce it.
    Loader: { defaultProps: { role: 'status' } },
    // Their close buttons are icon-only: without a name axe rates them critical (button-name), e.g. a toast
    // still showing when a page is checked.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
  },
});

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
export const cssVariablesResolver: CSSVariablesResolver = ({ colors }) => {
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
  return { variables: {}, light, dark: {} };
};
