import { MESSAGES, OrderLookupSchema, type OrderLookup } from '@app/contracts';

export type OrderLookupResult = { success: true; data: OrderLookup } | { success: false; error: string };

/** The parsed search input, or the Russian message explaining why it is refused (spec 5). */
export function parseOrderLookup(input: string): OrderLookupResult {
  const result = OrderLookupSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, error: result.error.issues[0]?.message ?? MESSAGES.orderLookupInvalid };
}

/** The same rule as a Mantine field validator: the message, or null for a valid input. */
export function lookupError(input: string): string | null {
  const parsed = parseOrderLookup(input);
  return parsed.success ? null : parsed.error;
}
