/**
 * The step validators and the live price run contract code that carries zod (about 25 KB gzip). Step 1 — the
 * page visitors land on — paints without them and loads them right away in parallel (decision 013): nothing
 * is validated before the first 'Далее', and the price needs the form parameters, which arrive about as late.
 * Later steps use the same modules once loaded.
 */
type DeferredModel = typeof import('./validation') & typeof import('./summary');

let model: DeferredModel | null = null;
let loading: Promise<DeferredModel> | null = null;
const listeners = new Set<() => void>();

export function loadDeferredModel(): Promise<DeferredModel> {
  loading ??= Promise.all([import('./validation'), import('./summary')]).then(
    ([validation, summary]) => {
      model = { ...validation, ...summary };
      for (const listener of listeners) listener();
      return model;
    },
    (error: unknown) => {
      // A chunk that failed to load (flaky network) is fetched again on the next call.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The loaded model, or null before it arrives. */
export function getDeferredModel(): DeferredModel | null {
  return model;
}

export function subscribeToDeferredModel(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
