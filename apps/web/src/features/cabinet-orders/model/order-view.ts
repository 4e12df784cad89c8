import type { OrderDetail, OrderListItem, OrderStatus, PriceLine } from '@app/contracts';

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

export function describeLanguages(order: Pick<OrderListItem, 'originalLanguage' | 'targetLanguage'>): string {
  return `${order.originalLanguage.toUpperCase()} → ${order.targetLanguage.toUpperCase()}`;
}

export const STATUS_COLORS: Record<OrderStatus, string> = {
  NEW: 'blue',
  PAID: 'teal',
  IN_PROGRESS: 'indigo',
  READY: 'lime',
  DELIVERING: 'cyan',
  COMPLETED: 'green',
  CANCELED: 'gray',
};

/** Courier address with the optional parts that are filled in. */
export function describeCourierAddress(delivery: OrderDetail['delivery']): string {
  const parts = [
    delivery.address,
    delivery.apartment ? `кв./офис ${delivery.apartment}` : null,
    delivery.entrance ? `подъезд ${delivery.entrance}` : null,
    delivery.floor ? `этаж ${delivery.floor}` : null,
    delivery.intercom ? `домофон ${delivery.intercom}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} МБ`;
}
