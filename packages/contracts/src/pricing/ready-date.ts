import type { TariffRule } from '../tariffs.ts';
import type { PriceInput } from './price.ts';
import { documentLinesWithTariffs } from './tariff-rules.ts';

// How long an order takes: working days per document (its tariff and assurances included) and the calendar.

/**
 * The date that is `workingDays` working days after `start` (an ISO date), skipping weekends and the given
 * non-working days; `workingDays` listed as working (transfers) count even on a weekend.
 */
export function addWorkingDays(
  start: string,
  workingDays: number,
  calendar: { nonWorkingDays: ReadonlySet<string>; workingWeekendDays?: ReadonlySet<string> },
): string {
  const date = new Date(`${start}T00:00:00Z`);
  let remaining = Math.max(0, workingDays);
  while (remaining > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const iso = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    const isWeekend = weekday === 0 || weekday === 6;
    const isWorking = calendar.workingWeekendDays?.has(iso)
      ? true
      : !isWeekend && !calendar.nonWorkingDays.has(iso);
    if (isWorking) remaining -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * Working days an order needs: for each document its processing days plus its tariff's extra days plus the
 * slowest of its assurances; the order takes as long as its slowest document.
 */
export function requiredWorkingDays(
  catalogue: {
    documents: Array<{ id: string; processingDays: number }>;
    assurances: Array<{ id: string; extraDays: number }>;
    tariffs: readonly TariffRule[];
  },
  input: Pick<
    PriceInput,
    'documentsWithQuantity' | 'documentsAssurances' | 'originalLanguage' | 'targetLanguage'
  >,
): number {
  let days = 0;
  for (const { document, tariff } of documentLinesWithTariffs(catalogue, input)) {
    const extra = Math.max(
      0,
      ...input.documentsAssurances
        .filter((link) => link.documentId === document.id)
        .map(
          (link) =>
            catalogue.assurances.find((candidate) => candidate.id === link.assuranceId)?.extraDays ?? 0,
        ),
    );
    days = Math.max(days, document.processingDays + (tariff?.extraDays ?? 0) + extra);
  }
  return days;
}
