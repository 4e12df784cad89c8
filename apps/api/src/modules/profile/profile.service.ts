import { eq } from 'drizzle-orm';
import type { Organization, Profile, UpdateProfileRequest } from '@app/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuthRepository, UserChanges } from '../auth/auth.repository.ts';
import { toProfile } from './profile.mapper.ts';

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: { db: Db; authRepo: AuthRepository; clock: Clock }) {
  const { db, authRepo, clock } = deps;

  async function load(actor: UserPrincipal): Promise<Profile> {
    const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
    if (!user) throw unauthorized();
    return toProfile(user);
  }

  return {
    getProfile: load,

    /** Name and phone; the e-mail changes only through a confirmed code (auth service). */
    async updateProfile(actor: UserPrincipal, input: UpdateProfileRequest): Promise<Profile> {
      const changes: UserChanges = { updatedAt: clock.now() };
      if (input.firstName !== undefined) changes.firstName = input.firstName || null;
      if (input.lastName !== undefined) changes.lastName = input.lastName || null;
      if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber;
      await authRepo.updateUser(db, actor.userId, changes);
      return load(actor);
    },

    /** The organization used on invoices and prefilled as payer in new orders. */
    async updateOrganization(actor: UserPrincipal, input: Organization): Promise<Profile> {
      await authRepo.updateUser(db, actor.userId, {
        orgInn: input.inn,
        orgKpp: input.kpp ?? null,
        orgName: input.name,
        orgAddress: input.address,
        updatedAt: clock.now(),
      });
      return load(actor);
    },
  };
}
