import type { Tariff } from '@app/contracts';
import type { TariffRow } from './tariffs.repository.ts';

export function toTariff(row: TariffRow, documentTypeName: string | null): Tariff {
  return {
    id: row.id,
    name: row.name,
    originalLanguage: row.originalLanguage,
    targetLanguage: row.targetLanguage,
    documentTypeId: row.documentTypeId,
    documentTypeName,
    pricePercent: row.pricePercent,
    surcharge: row.surcharge,
    extraDays: row.extraDays,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
