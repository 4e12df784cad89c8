import { canonicalOrderRequest, type CreateOrderRequest } from '@app/contracts';

/** cyrb53: a fast 53-bit string hash (not cryptographic: it only tells this draft's payloads apart). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The Idempotency-Key of one send: the draft's key and the order it carries. A repeated click, a retry or a
 * second tab with the same order send the same key (one order); a changed order is a new order with a new key,
 * where a key per draft answered «ключ уже использован» forever after the first send (issue 16).
 */
export function orderIdempotencyKey(draftKey: string, payload: CreateOrderRequest): string {
  return `${draftKey}.${hash53(canonicalOrderRequest(payload))}`;
}
