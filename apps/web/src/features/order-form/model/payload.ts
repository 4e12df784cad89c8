import type { Attribution, CreateOrderRequest } from '@app/contracts';
import type { OrderDraft } from './draft';
import { toStep1Input, toStep2Input, toStep3Input } from './validation';

/** POST /api/order body: the three steps as the contract composes them, plus first-touch attribution. */
export function buildOrderPayload(
  draft: OrderDraft,
  options: { validPromoCode: string | null; attribution: Attribution | null },
): CreateOrderRequest {
  return {
    ...(options.attribution ?? {}),
    ...toStep1Input(draft.step1, { validPromoCode: options.validPromoCode }),
    ...toStep2Input(draft.step2),
    ...toStep3Input(draft.step3),
  };
}
