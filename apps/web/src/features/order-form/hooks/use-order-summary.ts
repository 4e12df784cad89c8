import { useMemo } from 'react';
import { useFormParams } from '../api/form-params';
import { buildOrderSummary, type OrderSummaryView } from '../model/summary';
import { useOrderDraft } from './use-order-draft';
import { usePromo } from './use-promo';

/** The live price (the server's rule) and ready date of the draft; null until the form parameters load. */
export function useOrderSummary(): OrderSummaryView | null {
  const { data: params } = useFormParams();
  const draft = useOrderDraft();
  const promo = usePromo(draft.step1.promoCode);
  const discountPercent = promo.status === 'valid' ? promo.discountPercent : 0;
  return useMemo(
    () => (params ? buildOrderSummary(params, draft, discountPercent) : null),
    [params, draft, discountPercent],
  );
}
