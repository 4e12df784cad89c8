import type { ApiKey, PartnerApiOrder } from '@app/contracts';
import { ORDER_STATUS_LABELS } from '@app/contracts';
import type { orders } from '#src/db/schema/index.ts';
import type { ApiKeyRow } from './partner-api.repository.ts';

/** A key as its partner sees it: never its hash, never its secret. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    allowedIps: row.allowedIps,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

type OrderRow = typeof orders.$inferSelect;

/** An order as the integrator who placed it reads it through the partner API. */
export function toPartnerApiOrder(row: OrderRow): PartnerApiOrder {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    email: row.email,
    amount: row.amount,
    discount: row.discount,
    deliveryPrice: row.deliveryPrice,
    isPaid: row.isPaid,
    paidAt: row.paidAt?.toISOString() ?? null,
    estimatedReadyDate: row.estimatedReadyDate ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    priceBreakdown: row.priceBreakdown,
  };
}
