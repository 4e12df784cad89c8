import type { Partner } from '@app/contracts';
import type { PartnerRow } from './partners.repository.ts';

/** A partner with its linked account's e-mail and its number of points. */
export function toPartner(row: {
  partner: PartnerRow;
  userEmail: string | null;
  pointsCount: number;
}): Partner {
  return {
    id: row.partner.id,
    name: row.partner.name,
    commission: row.partner.commission,
    userId: row.partner.userId,
    userEmail: row.userEmail,
    pointsCount: Number(row.pointsCount),
  };
}
