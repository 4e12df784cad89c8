import {
  calculatePrice,
  describeFilePages,
  estimatePages,
  ORDER_LIMITS,
  PER_PAGE_DOCUMENT_TYPE,
  type FormParamsResponse,
} from '@app/contracts';
import type { OrderDraft } from './draft';

export type FileQuoteView = {
  /** What each file's estimate is based on: «3 страницы по файлу passport.pdf». */
  lines: string[];
  /** Translation pages of the counted files. */
  pages: number;
  hasUncounted: boolean;
  /** The per-page document (free-form documents) priced for those pages, when the catalogue has one. */
  perPage: {
    documentId: string;
    name: string;
    /** Pages the order would take (the estimate, at most the order's quantity limit). */
    quantity: number;
    /** The price of `pages` pages under the language pair's tariff (the one price engine). */
    total: number;
    /** The order already has the per-page document at this many pages. */
    isApplied: boolean;
  } | null;
};

/**
 * The instant quote from the uploaded files (decision 039): the server counted each file at upload; the price is
 * `calculatePrice` of the per-page document at that many pages, so it equals what the order will cost once the
 * customer takes the estimate. Null without files.
 */
export function buildFileQuote(params: FormParamsResponse, draft: OrderDraft): FileQuoteView | null {
  const { files } = draft.step1;
  if (files.length === 0) return null;
  const { pages, hasUncounted } = estimatePages(files);
  const document = params.documents.find((candidate) => candidate.type === PER_PAGE_DOCUMENT_TYPE);
  const quantity = Math.min(pages, ORDER_LIMITS.maxQuantity);
  const perPage =
    document && quantity > 0
      ? {
          documentId: document.id,
          name: document.name,
          quantity,
          total: calculatePrice(params, {
            documentsWithQuantity: [{ documentId: document.id, quantity }],
            documentsAssurances: [],
            originalLanguage: draft.step1.originalLanguage,
            targetLanguage: draft.step1.targetLanguage,
            deliveryPrice: 0,
            discountPercent: 0,
          }).documentsTotal,
          isApplied: draft.step1.documentsWithQuantity.some(
            (item) => item.documentId === document.id && item.quantity === quantity,
          ),
        }
      : null;
  return {
    lines: files.map((file) => describeFilePages(file.name, file.quote)),
    pages,
    hasUncounted,
    perPage,
  };
}

/** The documents of the order with the per-page document at `pages` pages (added, or its quantity set). */
export function applyPagesToDocuments(
  documents: OrderDraft['step1']['documentsWithQuantity'],
  documentId: string,
  pages: number,
): OrderDraft['step1']['documentsWithQuantity'] {
  const quantity = Math.min(Math.max(pages, 1), ORDER_LIMITS.maxQuantity);
  return documents.some((item) => item.documentId === documentId)
    ? documents.map((item) => (item.documentId === documentId ? { ...item, quantity } : item))
    : [...documents, { documentId, quantity }];
}
