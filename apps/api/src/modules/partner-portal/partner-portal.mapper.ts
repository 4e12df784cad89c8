import type { PartnerProfile } from '@app/contracts';
import type { PartnerAccountRow } from '../auth/auth.repository.ts';

export function toPartnerProfile(row: PartnerAccountRow): PartnerProfile {
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
    commission: row.commissionPercent,
  };
}
