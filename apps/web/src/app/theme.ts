import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { PRIMARY_SHADE } from './theme-contrast';
import { READABLE_TEXT_COLORS } from './theme-text-colors';

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
    // Badges are statuses («В работе», «Выполнен»): a word cut to «В РАБ…» says nothing. Mantine's label clips, so a
    // badge in a table weighs nothing in the column's width and a phone's scrolling table squeezed it; shown whole,
    // the column keeps its width (the table scrolls a little further instead).
    Badge: { styles: { label: { overflow: 'visible' } } },
  },
});

/**
 * The light scheme's text colours at WCAG AA (issue 16): secondary text, the select prompt, errors, links and every
 * colour's text, outline and light-variant shades, darkened where Mantine's fall under 4.5:1. Computed by
 * `readableTextVariables` (theme-contrast.ts) and kept as a constant (theme-text-colors.ts; a test checks they
 * agree), so the first load does not compute them (decision 065).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { ...READABLE_TEXT_COLORS },
  dark: {},
});
