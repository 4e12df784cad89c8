import { eq } from 'drizzle-orm';
import type { Profile } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import { toProfile } from './profile.mapper.ts';

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async getProfile(actor: UserPrincipal): Promise<Profile> {
      const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
      if (!user) throw unauthorized();
      return toProfile(user);
    },
  };
}
