import type { AdminAssurance, AdminDelivery, AdminDocumentType, PromoCode } from '@app/contracts';
import { promoCodeStatus } from '@app/contracts';
import type { assurances, deliveries, documentTypes } from '../../db/schema/index.ts';
import type { PromoRow } from './form-settings.repository.ts';

type DocumentRow = typeof documentTypes.$inferSelect;
type AssuranceRow = typeof assurances.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;

export const toDocument = (row: DocumentRow): AdminDocumentType => ({
  id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  processingDays: row.processingDays,
  sortOrder: row.sortOrder,
});
export const toAssurance = (row: AssuranceRow): AdminAssurance => ({
  id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  extraDays: row.extraDays,
  sortOrder: row.sortOrder,
});
export const toDelivery = (row: DeliveryRow): AdminDelivery => ({
  id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  description: row.description,
  sortOrder: row.sortOrder,
});
export const toPromo = (row: PromoRow, now: Date): PromoCode => ({
  code: row.code,
  discountPercent: row.discountPercent,
  isActive: row.isActive,
  status: promoCodeStatus(row, now),
  validFrom: row.validFrom?.toISOString() ?? null,
  validTo: row.validTo?.toISOString() ?? null,
  maxUses: row.maxUses,
  usedCount: row.usedCount,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});
