import { eq } from 'drizzle-orm';
import type {
  ChangePartnerPasswordRequest,
  PartnerProfile,
  UpdatePartnerProfileRequestSchema,
} from '@app/contracts';
import { PARTNER_MESSAGES } from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { PartnerPrincipal } from '../../lib/principal.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { toPartnerProfile } from './partner-portal.mapper.ts';
import { defaultRatesOf, type PartnerPortalRepository } from './partner-portal.repository.ts';

export type PartnerPortalService = ReturnType<typeof createPartnerPortalService>;
type ProfileInput = z.output<typeof UpdatePartnerProfileRequestSchema>;

/** The partner's own profile and password (spec 2 "Partner profile page", spec 7). */
export function createPartnerPortalService(deps: {
  db: Db;
  repo: PartnerPortalRepository;
  authRepo: Pick<AuthRepository, 'revokePartnerSessions'>;
  clock: Clock;
}) {
  const { db, repo, authRepo, clock } = deps;

  async function profileOf(row: typeof partnerAccounts.$inferSelect): Promise<PartnerProfile> {
    return toPartnerProfile(row, defaultRatesOf(await repo.readSettings(db)));
  }

  return {
    async getProfile(actor: PartnerPrincipal): Promise<PartnerProfile> {
      const [row] = await db
        .select()
        .from(partnerAccounts)
        .where(eq(partnerAccounts.id, actor.partnerAccountId));
      if (!row) throw unauthorized();
      return profileOf(row);
    },

    /** Name, phone, company, website, description; the e-mail is read-only (spec 2) and ignored if sent. */
    async updateProfile(actor: PartnerPrincipal, input: ProfileInput): Promise<PartnerProfile> {
      const row = await repo.updateProfile(
        db,
        actor.partnerAccountId,
        {
          name: input.name,
          phone: input.phone,
          company: input.company,
          website: input.website,
          description: input.description,
        },
        clock.now(),
      );
      if (!row) throw unauthorized();
      return profileOf(row);
    },

    /**
     * The current password is checked under the account's row lock (two changes at once cannot both pass with
     * the old one); the change ends the partner's other sessions and keeps the one it was made in.
     */
    async changePassword(actor: PartnerPrincipal, input: ChangePartnerPasswordRequest): Promise<void> {
      const newHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const account = await repo.lockAccount(tx, actor.partnerAccountId);
        if (!account) throw unauthorized();
        if (!(await verifyPassword(input.currentPassword, account.passwordHash)))
          throw badRequest(PARTNER_MESSAGES.partnerCurrentPasswordWrong);
        const now = clock.now();
        await repo.setPasswordHash(tx, account.id, newHash, now);
        await authRepo.revokePartnerSessions(tx, account.id, now, actor.sessionId);
      });
    },
  };
}
