import { useEffect, useSyncExternalStore } from 'react';
import {
  getPricingModel,
  getValidationModel,
  loadPricingModel,
  loadValidationModel,
  subscribeToPricingModel,
  subscribeToValidationModel,
} from '../model/deferred-model';

/** The price code (see model/deferred-model.ts): null until loaded; loading starts on first use. */
export function usePricingModel() {
  const model = useSyncExternalStore(subscribeToPricingModel, getPricingModel, getPricingModel);
  useEffect(() => {
    if (!model) loadPricingModel().catch(() => undefined);
  }, [model]);
  return model;
}

/** Pointer, keyboard or focus: the visitor has started to use the page. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The validators (see model/deferred-model.ts): null until loaded. Loading starts on the visitor's first
 * interaction with the page, not at mount: building the schemas is one long task, and while the page is still
 * becoming usable it would hold up the main thread for nothing ('Далее' awaits them anyway).
 */
export function useValidationModel() {
  const model = useSyncExternalStore(subscribeToValidationModel, getValidationModel, getValidationModel);
  useEffect(() => {
    if (model) return;
    const load = () => {
      stop();
      // After the event's own work (a tap, a key), so the interaction itself answers at once.
      window.setTimeout(() => void loadValidationModel().catch(() => undefined), 0);
    };
    const stop = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, load, true);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, load, { capture: true, passive: true });
    return stop;
  }, [model]);
  return model;
}
