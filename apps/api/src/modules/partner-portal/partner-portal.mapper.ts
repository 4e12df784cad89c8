import type { PartnerProfile } from '@app/contracts';
import type { partnerAccounts } from '../../db/schema/index.ts';

// The row type comes from the schema, not from auth's repository: auth imports this mapper, not the reverse.
type PartnerAccountRow = typeof partnerAccounts.$inferSelect;

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
    commission: row.commissionPercent ?? 10,
  };
}
