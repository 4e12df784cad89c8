import { removeStorage, STORAGE_KEYS } from './storage';

/** Fired on window when the draft is cleared, so an order form already in memory starts over too. */
export const ORDER_DRAFT_CLEARED_EVENT = 'order-draft-cleared';

/** The order form keeps its unfinished draft under `order_draft`; /order?reset=true starts over. */
export function clearOrderDraft(): void {
  removeStorage(STORAGE_KEYS.orderDraft);
  window.dispatchEvent(new Event(ORDER_DRAFT_CLEARED_EVENT));
}
