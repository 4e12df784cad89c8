import type { OrderSummary } from '@app/contracts';
import type { OrderRow } from './orders.repository.ts';

export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    email: row.email,
    amount: row.amount,
    isPaid: row.isPaid,
    createdAt: row.createdAt.toISOString(),
    estimatedReadyDate: row.estimatedReadyDate,
    priceBreakdown: row.priceBreakdown,
  };
}
