import {
  effectiveCommissionPercent,
  type PartnerApplication,
  type PartnerDefaultRates,
  type PartnerProfile,
  type PartnerProgramSettingsResponse,
  type PortalPartner,
} from '@app/contracts';
import type { partnerAccounts, partnerApplications, partnerProgramSettings } from '../../db/schema/index.ts';

// The row types come from the schema, not from auth's repository: auth imports this mapper, not the reverse.
type PartnerAccountRow = typeof partnerAccounts.$inferSelect;

/** The portal profile; the commission is the effective rate (own, else the type's default; decision 059). */
export function toPartnerProfile(row: PartnerAccountRow, rates: PartnerDefaultRates): PartnerProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    website: row.website,
    description: row.description,
    type: row.type,
    status: row.status,
    commission: effectiveCommissionPercent(row, rates),
  };
}

export function toPortalPartner(row: PartnerAccountRow, rates: PartnerDefaultRates): PortalPartner {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    type: row.type,
    status: row.status,
    commissionPercent: row.commissionPercent,
    effectiveCommissionPercent: effectiveCommissionPercent(row, rates),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPartnerApplication(row: typeof partnerApplications.$inferSelect): PartnerApplication {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    company: row.company,
    website: row.website,
    email: row.email,
    phone: row.phone,
    promotion: row.promotion,
    status: row.status,
    refusalReason: row.refusalReason,
    partnerAccountId: row.partnerAccountId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toPartnerProgramSettings(
  row: typeof partnerProgramSettings.$inferSelect,
): PartnerProgramSettingsResponse {
  return {
    commissionAffiliatePercent: row.commissionAffiliatePercent,
    commissionCorporatePercent: row.commissionCorporatePercent,
    commissionIntegratorPercent: row.commissionIntegratorPercent,
    holdDays: row.holdDays,
    minPayoutKopecks: row.minPayoutKopecks,
    attributionWindowDays: row.attributionWindowDays,
    maxPromoDiscountPercent: row.maxPromoDiscountPercent,
    updatedAt: row.updatedAt.toISOString(),
  };
}
