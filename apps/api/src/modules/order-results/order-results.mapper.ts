import type { OrderResult } from '@app/contracts';
import type { OrderResultRow } from './order-results.repository.ts';

export function toOrderResult(row: OrderResultRow): OrderResult {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    mimeType: row.mimeType,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
