import { useEffect, useSyncExternalStore } from 'react';
import { getDeferredModel, loadDeferredModel, subscribeToDeferredModel } from '../model/deferred-model';

/** Validation and pricing (see model/deferred-model.ts): null until loaded; loading starts on first use. */
export function useDeferredModel() {
  const model = useSyncExternalStore(subscribeToDeferredModel, getDeferredModel, getDeferredModel);
  useEffect(() => {
    if (!model) loadDeferredModel().catch(() => undefined);
  }, [model]);
  return model;
}
