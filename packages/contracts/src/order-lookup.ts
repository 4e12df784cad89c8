import { z } from './zod.ts';
import { MESSAGES } from './messages.ts';

/** What a monitoring search box accepts: an order number (digits; '№' or '#' in front tolerated) or its UUID. */
export type OrderLookup = { kind: 'number'; number: number } | { kind: 'id'; id: string };

const ORDER_NUMBER_PATTERN = /^(?:№|#)?\s*(\d{1,12})$/;

/**
 * Spec 5: the queue search needs a non-empty order number; the order lookup of the monitoring Orders tab also
 * takes the order ID (spec 2). One schema for both search boxes (decision 010).
 */
export const OrderLookupSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.orderLookupRequired)
  .transform((value, context): OrderLookup => {
    const number = ORDER_NUMBER_PATTERN.exec(value)?.[1];
    if (number) return { kind: 'number', number: Number(number) };
    if (z.uuid().safeParse(value).success) return { kind: 'id', id: value.toLowerCase() };
    context.addIssue({ code: 'custom', message: MESSAGES.orderLookupInvalid });
    return z.NEVER;
  });
