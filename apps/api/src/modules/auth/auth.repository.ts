import { and, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { emailCodes, loginLinks, partnerAccounts, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type PartnerAccountRow = typeof partnerAccounts.$inferSelect;

export function createAuthRepository() {
  return {
    async findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async findUserByTelegramId(db: DbOrTx, telegramId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.telegramId, telegramId));
      return row;
    },
    /** Finds or creates a customer by e-mail; concurrent first sign-ins end with one row. */
    async upsertUserByEmail(db: DbOrTx, email: string): Promise<UserRow> {
      // Returning customers are the common case: one read, no write.
      const [found] = await db.select().from(users).where(eq(users.email, email));
      if (found) return found;
      const [inserted] = await db
        .insert(users)
        .values({ email, role: 'USER' })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (inserted) return inserted;
      const [existing] = await db.select().from(users).where(eq(users.email, email));
      return existing!;
    },
    async upsertUserByTelegram(
      db: DbOrTx,
      values: {
        telegramId: string;
        firstName?: string;
        lastName?: string;
        username?: string;
        photoUrl?: string;
      },
    ): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...values, role: 'USER' })
        .onConflictDoUpdate({
          target: users.telegramId,
          set: {
            firstName: values.firstName ?? null,
            lastName: values.lastName ?? null,
            username: values.username ?? null,
            photoUrl: values.photoUrl ?? null,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },
    async updateUserEmail(db: DbOrTx, userId: string, email: string): Promise<void> {
      await db
        .update(users)
        .set({ email, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
    async findPartnerAccountByEmail(db: DbOrTx, email: string): Promise<PartnerAccountRow | undefined> {
      const [row] = await db.select().from(partnerAccounts).where(eq(partnerAccounts.email, email));
      return row;
    },
    async insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },
    async findLiveUserSession(db: DbOrTx, sessionId: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },
    async findLivePartnerSession(db: DbOrTx, sessionId: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, partner: partnerAccounts })
        .from(sessions)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, sessions.partnerAccountId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },
    async extendSession(db: DbOrTx, sessionId: string, expiresAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ expiresAt })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    async latestCode(db: DbOrTx, email: string, purpose = 'sign-in') {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      return row;
    },
    /** Serializes code issuing for one address and purpose until the transaction ends (there may be no row yet). */
    async lockCodesOf(tx: Tx, email: string, purpose: string): Promise<void> {
      await lockForTransaction(tx, `email-code:${purpose}:${email}`);
    },
    async retireCodes(db: DbOrTx, email: string, now: Date, purpose = 'sign-in'): Promise<void> {
      await db
        .update(emailCodes)
        .set({ usedAt: now })
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    },
    async insertCode(db: DbOrTx, values: typeof emailCodes.$inferInsert) {
      const [row] = await db.insert(emailCodes).values(values).returning();
      return row!;
    },
    /**
     * Takes one try of the address's latest code in one conditional statement (decision 019): only while the code
     * is unused, unexpired and has tries left. Concurrent tries queue on the row, so no more than `maxAttempts`
     * tries are ever handed out. Undefined when no try is left to take.
     */
    async takeCodeAttempt(db: DbOrTx, email: string, purpose: string, now: Date, maxAttempts: number) {
      const latest = db
        .select({ id: emailCodes.id })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(
            inArray(emailCodes.id, latest),
            isNull(emailCodes.usedAt),
            gt(emailCodes.expiresAt, now),
            lt(emailCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash, attempts: emailCodes.attempts });
      return row;
    },
    /** Marks the code used once, re-checking it is still live; false when someone else used it first. */
    async consumeCode(db: DbOrTx, codeId: string, now: Date, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(emailCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailCodes.id, codeId),
            isNull(emailCodes.usedAt),
            gt(emailCodes.expiresAt, now),
            lte(emailCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: emailCodes.id });
      return rows.length > 0;
    },
    async insertLoginLink(db: DbOrTx, values: typeof loginLinks.$inferInsert) {
      const [row] = await db.insert(loginLinks).values(values).returning();
      return row!;
    },
    async consumeLoginLink(db: DbOrTx, id: string, email: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(loginLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(loginLinks.id, id),
            eq(loginLinks.email, email),
            isNull(loginLinks.usedAt),
            gt(loginLinks.expiresAt, now),
          ),
        )
        .returning({ id: loginLinks.id });
      return rows.length > 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
