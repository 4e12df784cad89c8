import type { PriceBreakdown, PriceLine } from '../orders.ts';
import type { TariffRule } from '../tariffs.ts';
import { applyTariff, documentLinesWithTariffs } from './tariff-rules.ts';

// The price engine: the order form's live summary, the API's order creation and the partner API price alike.
// No zod here (type imports only): the order form loads it right after its first paint (decision 013).

type PricedItem = { id: string; name: string; price: number };
export type PriceInput = {
  documentsWithQuantity: Array<{ documentId: string; quantity: number }>;
  documentsAssurances: Array<{ documentId: string; assuranceId: string }>;
  /** The language pair selects the tariffs; an empty or missing language matches only rules for any language. */
  originalLanguage?: string | null;
  targetLanguage?: string | null;
  deliveryPrice: number;
  deliveryName?: string;
  deliveryId?: string | null;
  discountPercent: number;
};

const kopecks = (rubles: number) => Math.round(rubles * 100);
const rubles = (value: number) => value / 100;

/**
 * Documents × quantity, each assurance × that document's quantity, delivery, then the promo discount on
 * documents and assurances (not on delivery). A document's unit price is its catalogue price under the tariff
 * that matches the line (`findTariff`, `applyTariff`); assurances and delivery keep their own prices. Computed in
 * whole kopecks; unknown ids are skipped here and refused by the server before it prices.
 */
export function calculatePrice(
  catalogue: { documents: PricedItem[]; assurances: PricedItem[]; tariffs: readonly TariffRule[] },
  input: PriceInput,
): PriceBreakdown {
  const lines: PriceLine[] = [];
  let documentsTotal = 0;
  let assurancesTotal = 0;
  for (const { document, quantity, tariff } of documentLinesWithTariffs(catalogue, input)) {
    const unitPrice = applyTariff(document.price, tariff);
    const total = kopecks(unitPrice) * quantity;
    documentsTotal += total;
    lines.push({
      kind: 'document',
      refId: document.id,
      name: document.name,
      unitPrice,
      quantity,
      total: rubles(total),
      ...(tariff ? { tariffName: tariff.name } : {}),
    });
    for (const link of input.documentsAssurances.filter((entry) => entry.documentId === document.id)) {
      const assurance = catalogue.assurances.find((candidate) => candidate.id === link.assuranceId);
      if (!assurance) continue;
      const assuranceTotal = kopecks(assurance.price) * quantity;
      assurancesTotal += assuranceTotal;
      lines.push({
        kind: 'assurance',
        refId: assurance.id,
        name: `${assurance.name} — ${document.name}`,
        unitPrice: assurance.price,
        quantity,
        total: rubles(assuranceTotal),
      });
    }
  }
  const delivery = kopecks(input.deliveryPrice);
  if (input.deliveryName) {
    lines.push({
      kind: 'delivery',
      refId: input.deliveryId ?? null,
      name: input.deliveryName,
      unitPrice: rubles(delivery),
      quantity: 1,
      total: rubles(delivery),
    });
  }
  const percent = Math.min(Math.max(input.discountPercent, 0), 100);
  const discount = Math.round(((documentsTotal + assurancesTotal) * percent) / 100);
  if (discount > 0) {
    lines.push({
      kind: 'discount',
      refId: null,
      name: `Скидка по промокоду ${percent}%`,
      unitPrice: -rubles(discount),
      quantity: 1,
      total: -rubles(discount),
    });
  }
  const subtotal = documentsTotal + assurancesTotal + delivery;
  return {
    lines,
    documentsTotal: rubles(documentsTotal),
    assurancesTotal: rubles(assurancesTotal),
    deliveryPrice: rubles(delivery),
    subtotal: rubles(subtotal),
    discountPercent: percent,
    discount: rubles(discount),
    total: rubles(subtotal - discount),
  };
}

/**
 * The documents and assurances a breakdown was priced from (the inverse of `calculatePrice`'s lines): each
 * assurance line follows the document line it belongs to. The staff order edit starts from it.
 */
export function priceInputOfLines(lines: readonly Pick<PriceLine, 'kind' | 'refId' | 'quantity'>[]): {
  documentsWithQuantity: Array<{ documentId: string; quantity: number }>;
  documentsAssurances: Array<{ documentId: string; assuranceId: string }>;
} {
  const documentsWithQuantity: Array<{ documentId: string; quantity: number }> = [];
  const documentsAssurances: Array<{ documentId: string; assuranceId: string }> = [];
  let documentId: string | null = null;
  for (const line of lines) {
    if (line.kind === 'document' && line.refId) {
      documentId = line.refId;
      documentsWithQuantity.push({ documentId, quantity: line.quantity });
    } else if (line.kind === 'assurance' && line.refId && documentId) {
      documentsAssurances.push({ documentId, assuranceId: line.refId });
    }
  }
  return { documentsWithQuantity, documentsAssurances };
}
