import { useMemo } from 'react';
import { useFormParams } from '../api/form-params';
import type { OrderSummaryView } from '../model/summary';
import { usePricingModel } from './use-deferred-model';
import { useOrderDraft } from './use-order-draft';
import { usePromo } from './use-promo';

/**
 * The live price (the server's rule) and ready date of the draft; null until the form parameters and the
 * pricing code (loaded after the first paint, see model/deferred-model.ts) are there.
 */
export function useOrderSummary(): OrderSummaryView | null {
  const { data: params } = useFormParams();
  const model = usePricingModel();
  const draft = useOrderDraft();
  const promo = usePromo(draft.step1.promoCode);
  const discountPercent = promo.status === 'valid' ? promo.discountPercent : 0;
  return useMemo(
    () => (params && model ? model.buildOrderSummary(params, draft, discountPercent) : null),
    [params, model, draft, discountPercent],
  );
}
