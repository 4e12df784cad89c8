import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A closed select renders no dropdown (Mantine 9 keeps it mounted, hidden, with every option, and positions it
    // with a forced layout and a synchronous re-render): the order form's three selects cost a long task on a
    // phone's first load. A plain object, not Combobox.extend, so the first-load chunk does not import Combobox.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
