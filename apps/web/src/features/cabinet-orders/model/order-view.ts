import type { OrderListItem, PriceLine } from '@app/contracts';

export type OrderDocumentView = {
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  assurances: Array<{ name: string; total: number }>;
};

/**
 * The price breakdown lists each document followed by its assurances ('Нотариальное заверение — Паспорт');
 * regrouped here so the page shows a document with its assurances under it.
 */
export function groupDocumentLines(lines: readonly PriceLine[]): OrderDocumentView[] {
  const documents: OrderDocumentView[] = [];
  for (const line of lines) {
    if (line.kind === 'document') {
      documents.push({
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.total,
        assurances: [],
      });
    } else if (line.kind === 'assurance') {
      const owner = documents.at(-1);
      if (!owner) continue;
      const suffix = ` — ${owner.name}`;
      const name = line.name.endsWith(suffix) ? line.name.slice(0, -suffix.length) : line.name;
      owner.assurances.push({ name, total: line.total });
    }
  }
  return documents;
}

/** 'Паспорт × 2, Диплом' */
export function describeDocuments(documents: OrderListItem['documents']): string {
  return documents
    .map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name))
    .join(', ');
}

export function describeLanguages(
  order: Pick<OrderListItem, 'originalLanguageName' | 'targetLanguageName'>,
): string {
  return `${order.originalLanguageName} → ${order.targetLanguageName}`;
}
