import type { PartnerType } from '../enums.ts';

/** The programme's default rates per partner type (partner_program_settings, decision 059). */
export type PartnerDefaultRates = {
  commissionAffiliatePercent: number;
  commissionCorporatePercent: number;
  commissionIntegratorPercent: number;
};

/** A partner's commission rate: their own (override) when set, else the programme's default for their type. */
export function effectiveCommissionPercent(
  partner: { type: PartnerType; commissionPercent: number | null },
  defaults: PartnerDefaultRates,
): number {
  if (partner.commissionPercent !== null) return partner.commissionPercent;
  switch (partner.type) {
    case 'AFFILIATE':
      return defaults.commissionAffiliatePercent;
    case 'CORPORATE_REFERRAL':
      return defaults.commissionCorporatePercent;
    case 'INTEGRATOR':
      return defaults.commissionIntegratorPercent;
  }
}

/**
 * A commission in whole kopecks: rate % of the base (kopecks), rounded half up — the partner is never paid a
 * fraction of a kopeck and rounding never takes more than half a kopeck from them.
 */
export function commissionKopecks(baseKopecks: number, ratePercent: number): number {
  // Percent to 2 decimals → basis points as an integer, so the product stays exact in a double.
  const basisPoints = Math.round(ratePercent * 100);
  return Math.floor((baseKopecks * basisPoints + 5_000) / 10_000);
}
