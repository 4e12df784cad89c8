/**
 * The live price and the step validators are not part of step 1's first load (decision 013). They are two
 * separate loads because they cost very differently (decision 041):
 *
 * - **Pricing** (`summary.ts`: the contracts' price engine, no zod) is small and needed to show the total, so
 *   step 1 loads it right after the first paint.
 * - **Validation** (`validation.ts`: the contract schemas, about 25 KB gzip of zod) is needed only when the
 *   visitor presses 'Далее'. Building the schemas is one long task (≈ 280 ms at 4× CPU), so step 1 does not run
 *   it while the page is becoming usable: it runs on the visitor's first interaction with the page (after which
 *   'Далее' finds it ready), and 'Далее' awaits it in any case. Later steps import it statically.
 */
type PricingModel = typeof import('./summary');
type ValidationModel = typeof import('./validation');
type DeferredModel = ValidationModel & PricingModel;

type Part<T> = {
  value: T | null;
  loading: Promise<T> | null;
  listeners: Set<() => void>;
  load: () => Promise<T>;
};

function part<T>(importModule: () => Promise<T>): Part<T> {
  const state: Part<T> = {
    value: null,
    loading: null,
    listeners: new Set(),
    load: () => {
      state.loading ??= importModule().then(
        (module) => {
          state.value = module;
          for (const listener of state.listeners) listener();
          return module;
        },
        (error: unknown) => {
          // A chunk that failed to load (flaky network) is fetched again on the next call.
          state.loading = null;
          throw error;
        },
      );
      return state.loading;
    },
  };
  return state;
}

const pricing = part<PricingModel>(() => import('./summary'));
const validation = part<ValidationModel>(() => import('./validation'));

/** Both parts ('Далее' and anything that checks a step). */
export function loadDeferredModel(): Promise<DeferredModel> {
  return Promise.all([validation.load(), pricing.load()]).then(([checks, price]) => ({
    ...checks,
    ...price,
  }));
}

export const loadPricingModel = (): Promise<PricingModel> => pricing.load();
export const loadValidationModel = (): Promise<ValidationModel> => validation.load();

/** The loaded price code, or null before it arrives. */
export const getPricingModel = (): PricingModel | null => pricing.value;
/** The loaded validators, or null before they arrive. */
export const getValidationModel = (): ValidationModel | null => validation.value;

export function subscribeToPricingModel(listener: () => void): () => void {
  pricing.listeners.add(listener);
  return () => pricing.listeners.delete(listener);
}

export function subscribeToValidationModel(listener: () => void): () => void {
  validation.listeners.add(listener);
  return () => validation.listeners.delete(listener);
}
