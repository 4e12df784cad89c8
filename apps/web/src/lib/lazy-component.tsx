import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazy component with its loader: `load()` fetches the code (navigation and the first render of step 1 await
 * it), and once the code has arrived the component renders at once, without suspending. React does that by itself
 * for a resolved lazy inside a transition; preact/compat (the order pages' build, decision 081) suspends on every
 * first render of a lazy and commits the fallback, so step 1's first render came without its fields and each new
 * order page flashed the loading screen.
 */
export function lazyComponent<P extends object>(
  loadComponent: () => Promise<ComponentType<P>>,
): { load: () => Promise<ComponentType<P>>; Component: ComponentType<P> } {
  let loaded: ComponentType<P> | null = null;
  const load = () =>
    loadComponent().then((Component) => {
      loaded = Component;
      return Component;
    });
  const Lazy = lazy(() => load().then((Component) => ({ default: Component })));
  function LazyComponent(props: P) {
    // Chosen once per instance: switching from the lazy wrapper to the component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { load, Component: LazyComponent };
}
