import { removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Fired on window when the draft is cleared, so an order form already in memory starts over too. */
export const ORDER_DRAFT_CLEARED_EVENT = 'order-draft-cleared';
/** Fired on window when the stored draft was replaced (a widget's selection), so the form reads it again. */
export const ORDER_DRAFT_REPLACED_EVENT = 'order-draft-replaced';

/** The order form keeps its unfinished draft under `order_draft`; /order?reset=true starts over. */
export function clearOrderDraft(): void {
  removeStorage(STORAGE_KEYS.orderDraft);
  window.dispatchEvent(new Event(ORDER_DRAFT_CLEARED_EVENT));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/**
 * A calculator's selection handed over in the address (`docs=<documentId>:<quantity>,…&from=ru&to=en`, the
 * integrator widget's /w/{id} redirect, decision 072): documents with 1–99 copies, at most 20, each once. Anything
 * malformed gives null and the form opens as it is. Unknown ids are dropped later by the form (it only shows
 * documents of the catalogue) and refused by the server.
 */
export function selectionFromQuery(
  params: URLSearchParams,
): { docs: Array<{ documentId: string; quantity: number }>; from: string; to: string } | null {
  const raw = params.get('docs');
  if (!raw || raw.length > 1000) return null;
  const docs = raw.split(',').map((part) => {
    const [documentId = '', quantity = ''] = part.split(':');
    return { documentId, quantity: Number(quantity) };
  });
  const valid =
    docs.length <= 20 &&
    docs.every(
      (line) =>
        UUID.test(line.documentId) &&
        Number.isInteger(line.quantity) &&
        line.quantity >= 1 &&
        line.quantity <= 99,
    ) &&
    new Set(docs.map((line) => line.documentId)).size === docs.length;
  if (!valid) return null;
  const language = (value: string | null) => (value && LANGUAGE.test(value) ? value : '');
  return { docs, from: language(params.get('from')), to: language(params.get('to')) };
}

/**
 * Starts a new draft with the selection's documents and languages (the rest of the form empty, a new
 * idempotency key) and tells a form in memory to read it.
 */
export function prefillOrderDraft(selection: NonNullable<ReturnType<typeof selectionFromQuery>>): void {
  const key =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  writeStorage(
    STORAGE_KEYS.orderDraft,
    JSON.stringify({
      version: 1,
      idempotencyKey: key,
      step1: {
        documentsWithQuantity: selection.docs,
        originalLanguage: selection.from,
        targetLanguage: selection.to,
      },
    }),
  );
  window.dispatchEvent(new Event(ORDER_DRAFT_REPLACED_EVENT));
}
