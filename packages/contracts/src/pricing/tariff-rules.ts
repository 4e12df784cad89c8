import type { TariffRule } from '../tariffs.ts';

// Which tariff prices a document line, and the unit price under it; no zod here (decision 013).

export type TariffMatchInput = {
  documentId: string;
  originalLanguage?: string | null;
  targetLanguage?: string | null;
};

function criteriaCount(tariff: TariffRule): number {
  return (
    (tariff.originalLanguage === null ? 0 : 1) +
    (tariff.targetLanguage === null ? 0 : 1) +
    (tariff.documentTypeId === null ? 0 : 1)
  );
}

/**
 * The tariff of one document line: among the rules whose every set criterion equals the line's (a null
 * criterion matches anything), the one with the most criteria set; ties go to the lower sortOrder, then the
 * name, then the id, so the choice never depends on list order. Callers pass active, not deleted rules only.
 */
export function findTariff<T extends TariffRule>(tariffs: readonly T[], line: TariffMatchInput): T | null {
  let best: T | null = null;
  for (const tariff of tariffs) {
    if (tariff.originalLanguage !== null && tariff.originalLanguage !== line.originalLanguage) continue;
    if (tariff.targetLanguage !== null && tariff.targetLanguage !== line.targetLanguage) continue;
    if (tariff.documentTypeId !== null && tariff.documentTypeId !== line.documentId) continue;
    if (!best) {
      best = tariff;
      continue;
    }
    const byCriteria = criteriaCount(tariff) - criteriaCount(best);
    const isBetter =
      byCriteria !== 0
        ? byCriteria > 0
        : tariff.sortOrder !== best.sortOrder
          ? tariff.sortOrder < best.sortOrder
          : tariff.name !== best.name
            ? tariff.name.localeCompare(best.name, 'ru') < 0
            : tariff.id < best.id;
    if (isBetter) best = tariff;
  }
  return best;
}

/** Unit price under a tariff: the document price × percent, rounded to whole kopecks, plus the surcharge. */
export function applyTariff(
  documentPrice: number,
  tariff: Pick<TariffRule, 'pricePercent' | 'surcharge'> | null,
) {
  if (!tariff) return documentPrice;
  const kopecks = Math.round((Math.round(documentPrice * 100) * tariff.pricePercent) / 100);
  return (kopecks + Math.round(tariff.surcharge * 100)) / 100;
}

/**
 * The document lines of an order whose document is in the catalogue (unknown ids are skipped), each with the
 * tariff that applies to it: what both the price and the ready date are computed from.
 */
export function documentLinesWithTariffs<D extends { id: string }, T extends TariffRule>(
  catalogue: { documents: readonly D[]; tariffs: readonly T[] },
  input: {
    documentsWithQuantity: ReadonlyArray<{ documentId: string; quantity: number }>;
    originalLanguage?: string | null;
    targetLanguage?: string | null;
  },
): Array<{ document: D; quantity: number; tariff: T | null }> {
  const lines: Array<{ document: D; quantity: number; tariff: T | null }> = [];
  for (const item of input.documentsWithQuantity) {
    const document = catalogue.documents.find((candidate) => candidate.id === item.documentId);
    if (!document) continue;
    const tariff = findTariff(catalogue.tariffs, {
      documentId: document.id,
      originalLanguage: input.originalLanguage,
      targetLanguage: input.targetLanguage,
    });
    lines.push({ document, quantity: item.quantity, tariff });
  }
  return lines;
}
