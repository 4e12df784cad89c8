import {
  applyTariff,
  TariffInputSchema,
  type DocumentType,
  type Language,
  type Tariff,
  type TariffInput,
} from '@app/contracts';
import { formatRub, formatWorkingDays } from '@/lib/format';

/** What the tariff form edits: numbers may be '' while a field is empty (the schema then names the field). */
export type TariffFormValues = {
  name: string;
  originalLanguage: string | null;
  targetLanguage: string | null;
  documentTypeId: string | null;
  pricePercent: number | '';
  surcharge: number | '';
  extraDays: number | '';
  sortOrder: number | '';
  isActive: boolean;
};

export const EMPTY_TARIFF: TariffFormValues = {
  name: '',
  originalLanguage: null,
  targetLanguage: null,
  documentTypeId: null,
  pricePercent: 100,
  surcharge: 0,
  extraDays: 0,
  sortOrder: 0,
  isActive: true,
};

export function toFormValues(tariff: Tariff | null): TariffFormValues {
  if (!tariff) return EMPTY_TARIFF;
  return {
    name: tariff.name,
    originalLanguage: tariff.originalLanguage,
    targetLanguage: tariff.targetLanguage,
    documentTypeId: tariff.documentTypeId,
    pricePercent: tariff.pricePercent,
    surcharge: tariff.surcharge,
    extraDays: tariff.extraDays,
    sortOrder: tariff.sortOrder,
    isActive: tariff.isActive,
  };
}

/** The body the API takes, by the same contract schema the server validates with (null when invalid). */
export function toTariffBody(values: TariffFormValues): TariffInput | null {
  const result = TariffInputSchema.safeParse(values);
  return result.success ? result.data : null;
}

export const ANY_LANGUAGE = 'Любой';
export const ANY_DOCUMENT = 'Любой документ';

export function languageName(code: string | null, languages: readonly Language[]): string {
  if (code === null) return ANY_LANGUAGE;
  return languages.find((language) => language.code === code)?.name ?? code;
}

/** 'Русский → Китайский', 'Любой → Арабский'. */
export function describePair(
  tariff: Pick<Tariff, 'originalLanguage' | 'targetLanguage'>,
  languages: readonly Language[],
): string {
  return `${languageName(tariff.originalLanguage, languages)} → ${languageName(tariff.targetLanguage, languages)}`;
}

/**
 * An example the form shows under the numbers: the chosen document (or the first one) before and after the
 * rule, by the engine's own `applyTariff`. Null while the numbers are not valid.
 */
export function describeExample(values: TariffFormValues, documents: readonly DocumentType[]): string | null {
  const document = documents.find((item) => item.id === values.documentTypeId) ?? documents[0];
  const body = toTariffBody(values);
  if (!document || !body) return null;
  const price = applyTariff(document.price, body);
  const days = body.extraDays > 0 ? `; срок +${formatWorkingDays(body.extraDays)}` : '';
  return `${document.name}: ${formatRub(document.price)} → ${formatRub(price)} за документ${days}`;
}

/** Select options for languages and documents, keeping a value the catalogue no longer offers visible. */
export function withMissingOption(
  options: Array<{ value: string; label: string }>,
  value: string | null,
  label: string,
): Array<{ value: string; label: string }> {
  if (value === null || options.some((option) => option.value === value)) return options;
  return [...options, { value, label }];
}
