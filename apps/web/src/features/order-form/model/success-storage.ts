import type { OrderSummary } from '@app/contracts';

/** The created order travels to the success page in session storage (it survives a reload of that page). */
const KEY_PREFIX = 'order_summary_';

const SUBMITTED_KEY = 'order_submitted_draft_key';

export function rememberCreatedOrder(order: OrderSummary, draftKey: string): void {
  try {
    window.sessionStorage.setItem(`${KEY_PREFIX}${order.id}`, JSON.stringify(order));
    window.sessionStorage.setItem(SUBMITTED_KEY, draftKey);
  } catch {
    // Storage off: the success page then asks for the e-mail to pay.
  }
}

export function readCreatedOrder(orderId: string): OrderSummary | null {
  try {
    const raw = window.sessionStorage.getItem(`${KEY_PREFIX}${orderId}`);
    return raw ? (JSON.parse(raw) as OrderSummary) : null;
  } catch {
    return null;
  }
}

/** The Idempotency-Key of the draft that became an order in this tab (its draft is cleared on success). */
export function readSubmittedDraftKey(): string | null {
  try {
    return window.sessionStorage.getItem(SUBMITTED_KEY);
  } catch {
    return null;
  }
}
