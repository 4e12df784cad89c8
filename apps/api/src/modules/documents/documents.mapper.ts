import type { OrderDocument } from '@app/contracts';
import type { OrderDocumentRow } from './documents.repository.ts';

export function toOrderDocument(row: OrderDocumentRow, orderNumber: number): OrderDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    orderNumber,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
  };
}
