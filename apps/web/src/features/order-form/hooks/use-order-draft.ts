import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { OrderDraft } from '../model/draft';
import { orderDraftStore, type FieldErrors, type OrderDraftStore } from '../model/draft-store';

/** The store of the page; tests pass a fresh one to simulate a reload. */
export const OrderDraftContext = createContext<OrderDraftStore>(orderDraftStore);

export function useOrderDraftStore(): OrderDraftStore {
  return useContext(OrderDraftContext);
}

export function useOrderDraft(): OrderDraft {
  const store = useOrderDraftStore();
  return useSyncExternalStore(store.subscribe, store.getDraft, store.getDraft);
}

export function useServerErrors(): FieldErrors {
  const store = useOrderDraftStore();
  return useSyncExternalStore(store.subscribe, store.getServerErrors, store.getServerErrors);
}

/** Updates one step of the draft (written to storage at once). */
export function useDraftUpdater() {
  const store = useOrderDraftStore();
  return useMemo(() => createUpdater(store), [store]);
}

function createUpdater(store: OrderDraftStore) {
  return {
    updateStep1: (patch: Partial<OrderDraft['step1']>) =>
      store.update((draft) => ({ ...draft, step1: { ...draft.step1, ...patch } })),
    updateStep2: (patch: Partial<OrderDraft['step2']>) =>
      store.update((draft) => ({ ...draft, step2: { ...draft.step2, ...patch } })),
    updateStep3: (patch: Partial<OrderDraft['step3']>) =>
      store.update((draft) => ({ ...draft, step3: { ...draft.step3, ...patch } })),
  };
}
