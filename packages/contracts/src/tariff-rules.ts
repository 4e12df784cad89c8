// The pure tariff rule shared by the order form and the server; no zod here (see tariffs.ts, decision 013).
// tariffs.ts re-exports this file, so this one names the fields it reads instead of importing TariffRule back
// (one-way: a schema change that drops a field fails to compile where a TariffRule is passed in).
export type TariffRuleFields = {
  id: string;
  name: string;
  originalLanguage: string | null;
  targetLanguage: string | null;
  documentTypeId: string | null;
  pricePercent: number;
  surcharge: number;
  sortOrder: number;
};

export type TariffMatchInput = {
  documentId: string;
  originalLanguage?: string | null;
  targetLanguage?: string | null;
};

function criteriaCount(tariff: TariffRuleFields): number {
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
export function findTariff<T extends TariffRuleFields>(
  tariffs: readonly T[],
  line: TariffMatchInput,
): T | null {
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
  tariff: Pick<TariffRuleFields, 'pricePercent' | 'surcharge'> | null,
) {
  if (!tariff) return documentPrice;
  const kopecks = Math.round((Math.round(documentPrice * 100) * tariff.pricePercent) / 100);
  return (kopecks + Math.round(tariff.surcharge * 100)) / 100;
}
