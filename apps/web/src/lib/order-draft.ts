import { removeStorage, STORAGE_KEYS } from './storage';

/** The order form keeps its unfinished draft under `order_draft`; /order?reset=true starts over. */
export function clearOrderDraft(): void {
  removeStorage(STORAGE_KEYS.orderDraft);
}
