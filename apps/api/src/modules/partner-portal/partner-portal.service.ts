import { eq } from 'drizzle-orm';
import type { PartnerProfile } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { PartnerPrincipal } from '../../lib/principal.ts';
import { toPartnerProfile } from './partner-portal.mapper.ts';

export type PartnerPortalService = ReturnType<typeof createPartnerPortalService>;

export function createPartnerPortalService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async getProfile(actor: PartnerPrincipal): Promise<PartnerProfile> {
      const [row] = await db
        .select()
        .from(partnerAccounts)
        .where(eq(partnerAccounts.id, actor.partnerAccountId));
      if (!row) throw unauthorized();
      return toPartnerProfile(row);
    },
  };
}
