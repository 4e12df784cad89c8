// The entry of the order pages' own build (vite.order.config.ts, decision 081): the same app as src/main.tsx opens
// on those paths, with React's renderer replaced by preact/compat. Mantine's styles block the first paint here too.
import '@mantine/core/styles.css';
import { loadOrderFunnel, startApp } from './boot';

// Preact has no time slicing: the first render comes in parts, one task each (decision 083).
startApp(loadOrderFunnel(), { staged: true });
