import { ORDER_DRAFT_CLEARED_EVENT, ORDER_DRAFT_REPLACED_EVENT } from '@/lib/order-draft';
import { createEmptyDraft, deleteDraft, loadDraft, saveDraft, type OrderDraft } from './draft';

export type FieldErrors = Record<string, string>;

type Listener = () => void;

/**
 * The order draft lives outside React so every step (and a remount, a reload, back/forward) reads the same
 * entries; each change is written to local storage at once. Server-side field errors of the last submit are
 * kept in memory only, for the step that owns the field.
 */
export type OrderDraftStore = {
  getDraft: () => OrderDraft;
  update: (updater: (draft: OrderDraft) => OrderDraft) => void;
  reset: () => void;
  /** Reads the stored draft again (it was replaced outside the form). */
  reload: () => void;
  getServerErrors: () => FieldErrors;
  setServerErrors: (errors: FieldErrors) => void;
  subscribe: (listener: Listener) => () => void;
};

export function createOrderDraftStore(): OrderDraftStore {
  let draft: OrderDraft | null = null;
  let serverErrors: FieldErrors = {};
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const current = () => {
    draft ??= loadDraft();
    return draft;
  };
  return {
    getDraft: current,
    update: (updater) => {
      draft = updater(current());
      // A server verdict was about the entries it saw; once they change it no longer applies.
      if (Object.keys(serverErrors).length > 0) serverErrors = {};
      saveDraft(draft);
      emit();
    },
    reset: () => {
      deleteDraft();
      draft = createEmptyDraft();
      serverErrors = {};
      emit();
    },
    reload: () => {
      draft = null;
      serverErrors = {};
      emit();
    },
    getServerErrors: () => serverErrors,
    setServerErrors: (errors) => {
      serverErrors = errors;
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const orderDraftStore = createOrderDraftStore();

// /order?reset=true clears the stored draft in a route loader; the draft in memory follows.
if (typeof window !== 'undefined') {
  window.addEventListener(ORDER_DRAFT_CLEARED_EVENT, () => orderDraftStore.reset());
  window.addEventListener(ORDER_DRAFT_REPLACED_EVENT, () => orderDraftStore.reload());
}
