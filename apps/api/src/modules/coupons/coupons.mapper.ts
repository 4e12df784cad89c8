import type { CouponBatch, CouponCampaign } from '@app/contracts';
import type { CouponBatchRow, CouponCampaignRow } from './coupons.repository.ts';

export type BatchCounts = { usedCount: number };

export function toCouponBatch(
  row: CouponBatchRow,
  campaignName: string | null,
  counts: BatchCounts | undefined,
): CouponBatch {
  return {
    id: row.id,
    label: row.label,
    quantity: row.quantity,
    discountPercent: row.discountPercent,
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    refusalReason: row.refusalReason,
    campaignId: row.campaignId,
    campaignName,
    usedCount: counts?.usedCount ?? 0,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toCouponCampaign(
  row: CouponCampaignRow,
  counts: { batches: number; issued: number; used: number },
  links: CouponCampaign['links'],
): CouponCampaign {
  return {
    id: row.id,
    name: row.name,
    clientCompany: row.clientCompany,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    budgetKopecks: row.budgetKopecks,
    spentKopecks: row.spentKopecks,
    remainingKopecks: row.budgetKopecks === null ? null : Math.max(row.budgetKopecks - row.spentKopecks, 0),
    batches: counts.batches,
    couponsIssued: counts.issued,
    couponsUsed: counts.used,
    links,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
