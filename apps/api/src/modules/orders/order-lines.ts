import type { FormParamsResponse, PriceLine } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { AppError } from '#src/lib/errors.ts';

/** A 400 on one field of the body, the way the zod validator reports it. */
export const invalidField = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { details: [{ path: `body.${path}`, message }] });

/**
 * The catalogue checks of an order's lines: both languages known and different, every document and assurance
 * in the catalogue, every assurance on a document of the order. The order form's creation and the staff edit
 * (decision 054) refuse the same way.
 */
export function checkOrderLines(
  catalogue: Pick<FormParamsResponse, 'languages' | 'documents' | 'assurances'>,
  input: {
    originalLanguage: string;
    targetLanguage: string;
    documentsWithQuantity: ReadonlyArray<{ documentId: string }>;
    documentsAssurances: ReadonlyArray<{ documentId: string; assuranceId: string }>;
  },
): void {
  const languageCodes = new Set(catalogue.languages.map((language) => language.code));
  if (!languageCodes.has(input.originalLanguage))
    throw invalidField('originalLanguage', MESSAGES.unknownLanguage);
  if (!languageCodes.has(input.targetLanguage))
    throw invalidField('targetLanguage', MESSAGES.unknownLanguage);
  if (input.originalLanguage === input.targetLanguage)
    throw invalidField('targetLanguage', MESSAGES.sameLanguages);
  input.documentsWithQuantity.forEach((item, index) => {
    if (!catalogue.documents.some((document) => document.id === item.documentId)) {
      throw invalidField(`documentsWithQuantity.${index}.documentId`, MESSAGES.unknownDocument);
    }
  });
  input.documentsAssurances.forEach((link, index) => {
    if (!catalogue.assurances.some((assurance) => assurance.id === link.assuranceId)) {
      throw invalidField(`documentsAssurances.${index}.assuranceId`, MESSAGES.unknownAssurance);
    }
    if (!input.documentsWithQuantity.some((item) => item.documentId === link.documentId)) {
      throw invalidField(`documentsAssurances.${index}.documentId`, MESSAGES.assuranceWithoutDocument);
    }
  });
}

/** The price engine's lines as `order_lines` rows, in their order. */
export function toOrderLineRows(lines: readonly PriceLine[]) {
  return lines.map((line, position) => ({
    position,
    kind: line.kind,
    refId: line.refId,
    name: line.name,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    total: line.total,
  }));
}
