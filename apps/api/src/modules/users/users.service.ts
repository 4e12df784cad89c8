import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { Role, UserListItem, UserListQuery } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';

export type UsersService = ReturnType<typeof createUsersService>;

const toItem = (row: typeof users.$inferSelect): UserListItem => ({
  id: row.id,
  email: row.email,
  role: row.role,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  createdAt: row.createdAt.toISOString(),
});

export function createUsersService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(query: UserListQuery) {
      const conditions: SQL[] = [];
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(users.phoneNumber, pattern),
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
        items: page.rows.map(toItem),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /** Takes effect on the user's next request (sessions read the role live). */
    async changeRole(actor: UserPrincipal, userId: string, role: Role): Promise<UserListItem> {
      if (userId === actor.userId) throw new AppError('BAD_REQUEST', MESSAGES.cannotChangeOwnRole);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, userId));
        if (!before) throw notFound(MESSAGES.userNotFound);
        const [row] = await tx
          .update(users)
          .set({ role, updatedAt: clock.now() })
          .where(eq(users.id, userId))
          .returning();
        await tx.insert(auditLog).values({
          actorUserId: actor.userId,
          action: 'user.role',
          entity: 'user',
          entityId: userId,
          data: { from: before.role, to: role },
        });
        return toItem(row!);
      });
    },

    /** Sessions go with the user; their orders stay (unlinked) for accounting. */
    async remove(actor: UserPrincipal, userId: string): Promise<void> {
      if (userId === actor.userId) throw new AppError('BAD_REQUEST', MESSAGES.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        const rows = await tx
          .delete(users)
          .where(eq(users.id, userId))
          .returning({ email: users.email, role: users.role });
        if (rows.length === 0) throw notFound(MESSAGES.userNotFound);
        await tx.insert(auditLog).values({
          actorUserId: actor.userId,
          action: 'user.delete',
          entity: 'user',
          entityId: userId,
          data: rows[0],
        });
      });
    },
  };
}
