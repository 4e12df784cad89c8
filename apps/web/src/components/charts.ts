/**
 * The only way in to Mantine's charts: their stylesheet comes with them, into whichever lazy chunk draws a chart.
 * Imported straight from '@mantine/charts' (lint forbids it), a page drew its legend one word per line and its
 * tooltips unstyled whenever the route module forgot the stylesheet — the partner portal's charts did.
 */
import '@mantine/charts/styles.css';

export { AreaChart, BarChart, LineChart } from '@mantine/charts';
