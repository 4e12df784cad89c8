import {
  addWorkingDays,
  calculatePrice,
  moscowDate,
  requiredWorkingDays,
  type FormParamsResponse,
  type PriceBreakdown,
} from '@app/contracts';
import type { OrderDraft } from './draft';

export type OrderSummaryView = {
  breakdown: PriceBreakdown;
  /** ISO date (YYYY-MM-DD) the translation is expected to be ready, or null without documents. */
  readyDate: string | null;
  hasDelivery: boolean;
};

/**
 * The live summary is the server's own price rule (`calculatePrice`) over the draft: documents × quantity at
 * the price of the tariff matching the language pair, assurances × quantity, the chosen delivery at its
 * form-settings price, the confirmed promo discount; the ready date adds the tariffs' extra days.
 */
export function buildOrderSummary(
  params: FormParamsResponse,
  draft: OrderDraft,
  discountPercent: number,
  now: Date = new Date(),
): OrderSummaryView {
  const delivery = params.deliveries.find((item) => item.id === draft.step3.deliveryId) ?? null;
  const input = {
    documentsWithQuantity: draft.step1.documentsWithQuantity,
    documentsAssurances: draft.step1.documentsAssurances,
    // The language pair picks the tariffs (/crm/tariffs) exactly as the server does.
    originalLanguage: draft.step1.originalLanguage,
    targetLanguage: draft.step1.targetLanguage,
  };
  const breakdown = calculatePrice(params, {
    ...input,
    deliveryPrice: delivery?.price ?? 0,
    deliveryName: delivery?.name,
    deliveryId: delivery?.id ?? null,
    discountPercent,
  });
  const days = requiredWorkingDays(params, input);
  const readyDate =
    input.documentsWithQuantity.length > 0
      ? addWorkingDays(moscowDate(now), days, {
          nonWorkingDays: new Set(params.calendar.nonWorkingDays),
          workingWeekendDays: new Set(params.calendar.workingWeekendDays),
        })
      : null;
  return { breakdown, readyDate, hasDelivery: delivery !== null };
}
