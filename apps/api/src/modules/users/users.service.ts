import { and, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { Role, UserListItem, UserListQuery } from '@app/contracts';
import { MESSAGES, phoneSearchDigits } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { toUserListItem } from './users.mapper.ts';

export type UsersService = ReturnType<typeof createUsersService>;

/** The back office's user list; accounts themselves are auth's table, changed through its repository. */
export function createUsersService(deps: {
  db: Db;
  authRepo: AuthRepository;
  audit: AuditRepository;
  clock: Clock;
}) {
  const { db, authRepo, audit, clock } = deps;

  /**
   * Locks the ADMIN accounts (decision 048) and checks the actor is still one of them: an admin demoted by another
   * a moment ago was let in by the route, but must not act on what was decided meanwhile. The ADMIN ids.
   */
  async function lockAdminsAsAdmin(tx: Tx, actor: UserPrincipal): Promise<string[]> {
    const admins = await authRepo.lockAdmins(tx);
    if (!admins.includes(actor.userId)) throw forbidden(MESSAGES.roleChangedMeanwhile);
    return admins;
  }
  return {
    async list(query: UserListQuery) {
      const conditions: SQL[] = [];
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.search) {
        // The user directory is ADMIN's and small next to the orders: plain ILIKE, no index (decision 050).
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // A phone is found by any 4+ of its digits however typed (`916 123-45-67`), as in the order search.
        const phoneDigits = phoneSearchDigits(query.search);
        conditions.push(
          or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(users.phoneNumber, pattern),
            ...(phoneDigits ? [like(users.phoneNumber, `%${phoneDigits}%`)] : []),
          )!,
        );
      }
      const after = keysetAfter(users.createdAt, users.id, query.cursor);
      if (after) conditions.push(after);
      const rows = await db
        .select()
        .from(users)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.limit + 1);
      const page = keysetPage(rows, query.limit);
      return {
        items: page.rows.map(toUserListItem),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /** Takes effect on the user's next request (sessions read the role live). */
    async changeRole(actor: UserPrincipal, userId: string, role: Role): Promise<UserListItem> {
      if (userId === actor.userId) throw new AppError('BAD_REQUEST', MESSAGES.cannotChangeOwnRole);
      return db.transaction(async (tx) => {
        const admins = await lockAdminsAsAdmin(tx, actor);
        const [before] = await tx.select().from(users).where(eq(users.id, userId));
        if (!before) throw notFound(MESSAGES.userNotFound);
        if (before.role === 'ADMIN' && role !== 'ADMIN' && admins.length <= 1)
          throw new AppError('CONFLICT', MESSAGES.lastAdmin);
        const row = await authRepo.setUserRole(tx, userId, role, clock.now());
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'user.role',
          entity: 'user',
          entityId: userId,
          data: { from: before.role, to: role },
        });
        return toUserListItem(row!);
      });
    },

    /** Sessions go with the user; their orders stay (unlinked) for accounting. */
    async remove(actor: UserPrincipal, userId: string): Promise<void> {
      if (userId === actor.userId) throw new AppError('BAD_REQUEST', MESSAGES.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        const admins = await lockAdminsAsAdmin(tx, actor);
        if (admins.includes(userId) && admins.length <= 1) throw new AppError('CONFLICT', MESSAGES.lastAdmin);
        const deleted = await authRepo.deleteUser(tx, userId);
        if (!deleted) throw notFound(MESSAGES.userNotFound);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'user.delete',
          entity: 'user',
          entityId: userId,
          data: deleted,
        });
      });
    },
  };
}
