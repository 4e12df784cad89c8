import { and, desc, eq, gt, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { preparedOnce, type DbOrTx, type Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import {
  emailCodes,
  loginLinks,
  partnerAccounts,
  sessions,
  signInFailures,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
/** What other modules may change on a user: the profile, the organization, and the moment of the change. */
export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'phoneNumber' | 'orgInn' | 'orgKpp' | 'orgName' | 'orgAddress'
  >
> & { updatedAt: Date };
export type SignInRealm = (typeof signInFailures.$inferSelect)['realm'];
export type SignInLockPolicy = {
  /** Consecutive failures that lock the login; every further failure (after the lock ends) locks it again. */
  threshold: number;
  /** The first lock; each next one is twice as long, up to maxLockMinutes. */
  firstLockMinutes: number;
  maxLockMinutes: number;
  /** A failure this long after the previous one starts the count again. */
  forgetAfterHours: number;
};
export type PartnerAccountRow = typeof partnerAccounts.$inferSelect;

/** The name and phone a customer typed into the order form. */
export type CustomerContacts = { name: string; phoneNumber: string };

const hasNoName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => !user.firstName && !user.lastName;
const lacksContacts = (user: UserRow) => hasNoName(user) || !user.phoneNumber;

/**
 * Gives an account the order's name and phone where it has none, in one conditional statement: a name or phone
 * saved meanwhile (the profile page) wins over the order's.
 */
async function fillContacts(db: DbOrTx, user: UserRow, contacts: CustomerContacts): Promise<UserRow> {
  const noName = sql`coalesce(${users.firstName}, '') = '' and coalesce(${users.lastName}, '') = ''`;
  const noPhone = sql`coalesce(${users.phoneNumber}, '') = ''`;
  const [row] = await db
    .update(users)
    .set({
      firstName: sql`case when ${noName} then ${contacts.name || null} else ${users.firstName} end`,
      phoneNumber: sql`case when ${noPhone} then ${contacts.phoneNumber || null} else ${users.phoneNumber} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, user.id), sql`((${noName}) or (${noPhone}))`))
    .returning();
  return row ?? user;
}

/**
 * A new sign-in link written by another module's statement (decision 064): the link's id is chosen by the caller,
 * so the link's URL is known before the row exists. `loginLinkCtes` is this module's SQL for it.
 */
export type LoginLinkWrite = { linkId: string; linkEmail: string; linkCreatedAt: Date; linkExpiresAt: Date };

/**
 * The sign-in link's statements as CTEs (their placeholders are the keys of LoginLinkWrite), for a caller that runs
 * them inside its own statement: the address's open links end and the new one is inserted, as
 * `insertNewestLoginLink` does in a statement of its own. Only this module writes `login_links` (decision 026); the
 * mail module runs these beside a message (one round trip for both).
 */
export function loginLinkCtes(db: DbOrTx) {
  const retired = db.$with('retired_links').as(
    db
      .update(loginLinks)
      .set({ usedAt: sql.placeholder('linkCreatedAt') as unknown as Date })
      .where(and(eq(loginLinks.email, sql.placeholder('linkEmail')), isNull(loginLinks.usedAt)))
      .returning({ id: loginLinks.id }),
  );
  const inserted = db.$with('new_login_link').as(
    db
      .insert(loginLinks)
      .values({
        id: sql.placeholder('linkId') as unknown as string,
        email: sql.placeholder('linkEmail') as unknown as string,
        createdAt: sql.placeholder('linkCreatedAt') as unknown as Date,
        expiresAt: sql.placeholder('linkExpiresAt') as unknown as Date,
      })
      .returning({ id: loginLinks.id }),
  );
  return [retired, inserted] as const;
}

export function createAuthRepository() {
  // Every order reads its customer and issues a sign-in link: prepared once (decision 031).
  const userByEmailStatement = preparedOnce((db) =>
    db
      .select()
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare('user_by_email'),
  );
  // A new customer's row, or the existing one, in one round trip (issue 15): the insert does nothing on a known
  // e-mail and the second half reads that row. An account inserted by a transaction still open at the statement's
  // start is invisible to the second half: no row, and the caller reads it again.
  const upsertUserByEmailStatement = preparedOnce((db) => {
    const inserted = db.$with('inserted_user').as(
      db
        .insert(users)
        .values({
          email: sql.placeholder('email') as unknown as string,
          role: 'USER',
          firstName: sql.placeholder('firstName') as unknown as string,
          phoneNumber: sql.placeholder('phoneNumber') as unknown as string,
        })
        .onConflictDoNothing({ target: users.email })
        .returning(),
    );
    // The union sits in a second CTE: a CTE of the outer query is not in scope in the second half of a union.
    const found = db.$with('found_user').as(
      db
        .select()
        .from(inserted)
        .unionAll(
          db
            .select()
            .from(users)
            .where(
              and(eq(users.email, sql.placeholder('email')), sql`not exists (select 1 from ${inserted})`),
            ),
        ),
    );
    return db.with(inserted, found).select().from(found).prepare('upsert_user_by_email');
  });
  const newestLoginLinkStatement = preparedOnce((db) => {
    const retired = db.$with('retired_links').as(
      db
        .update(loginLinks)
        .set({ usedAt: sql.placeholder('createdAt') as unknown as Date })
        .where(and(eq(loginLinks.email, sql.placeholder('email')), isNull(loginLinks.usedAt)))
        .returning({ id: loginLinks.id }),
    );
    return db
      .with(retired)
      .insert(loginLinks)
      .values({
        email: sql.placeholder('email') as unknown as string,
        createdAt: sql.placeholder('createdAt') as unknown as Date,
        expiresAt: sql.placeholder('expiresAt') as unknown as Date,
      })
      .returning()
      .prepare('insert_newest_login_link');
  });
  return {
    async findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
      const [row] = await userByEmailStatement(db, { email });
      return row;
    },
    async findUserByTelegramId(db: DbOrTx, telegramId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.telegramId, telegramId));
      return row;
    },
    /**
     * Finds or creates a customer by e-mail; concurrent first sign-ins end with one row. With `contacts` (the
     * order form's name and phone) a new account gets them, and an existing one gets those it lacks: a name or
     * phone the user set is never overwritten (decision 048).
     */
    async upsertUserByEmail(db: DbOrTx, email: string, contacts?: CustomerContacts): Promise<UserRow> {
      const [row] = (await upsertUserByEmailStatement(db, {
        email,
        firstName: contacts?.name || null,
        phoneNumber: contacts?.phoneNumber || null,
      })) as UserRow[];
      const found = row ?? (await userByEmailStatement(db, { email }))[0]!;
      return contacts && lacksContacts(found) ? fillContacts(db, found, contacts) : found;
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
    /**
     * Auth owns `users` (decision 026): the users, profile, crm-access and partners modules change accounts here.
     * With `onlyFrom` the role changes only while the current one is among them, checked in the update itself
     * (decision 019). Undefined when no row changed.
     */
    async setUserRole(
      db: DbOrTx,
      userId: string,
      role: UserRow['role'],
      now: Date,
      onlyFrom?: UserRow['role'][],
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ role, updatedAt: now })
        .where(onlyFrom ? and(eq(users.id, userId), inArray(users.role, onlyFrom)) : eq(users.id, userId))
        .returning();
      return row;
    },
    /**
     * Locks every ADMIN account, in id order, and returns their ids (decision 048): role changes and deletions
     * take this lock first, so two admins demoting each other at once are decided one after the other and the
     * second sees the first's change.
     */
    async lockAdmins(tx: Tx): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'ADMIN'))
        .orderBy(users.id)
        .for('update');
      return rows.map((row) => row.id);
    },
    async updateUser(db: DbOrTx, userId: string, changes: UserChanges): Promise<void> {
      await db.update(users).set(changes).where(eq(users.id, userId));
    },
    /** Sessions go with the user (foreign key); undefined when there was none. */
    async deleteUser(db: DbOrTx, userId: string) {
      const [row] = await db
        .delete(users)
        .where(eq(users.id, userId))
        .returning({ email: users.email, role: users.role });
      return row;
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
    /**
     * Ends a portal partner's live sessions (a password change keeps the session it was made in; a ban ends all):
     * every next request of theirs is a 401 (decision 060).
     */
    async revokePartnerSessions(
      db: DbOrTx,
      partnerAccountId: string,
      now: Date,
      exceptSessionId?: string,
    ): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.partnerAccountId, partnerAccountId),
            isNull(sessions.revokedAt),
            exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
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
    /**
     * Inserts a sign-in link and ends the address's other open links, in one statement (decision 031): only the
     * newest link works.
     */
    async insertNewestLoginLink(db: DbOrTx, values: { email: string; createdAt: Date; expiresAt: Date }) {
      const [row] = await newestLoginLinkStatement(db, values);
      return row!;
    },
    /** Ends every open sign-in link of the address (a newer link or code replaces them; a sign-in ends them). */
    async retireLoginLinks(db: DbOrTx, email: string, now: Date): Promise<void> {
      await db
        .update(loginLinks)
        .set({ usedAt: now })
        .where(and(eq(loginLinks.email, email), isNull(loginLinks.usedAt)));
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
    /** The end of the login's lock, when it is locked at `now`. */
    async signInLockedUntil(db: DbOrTx, realm: SignInRealm, login: string, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: signInFailures.lockedUntil })
        .from(signInFailures)
        .where(
          and(
            eq(signInFailures.realm, realm),
            eq(signInFailures.login, login),
            gt(signInFailures.lockedUntil, now),
          ),
        );
      return row?.lockedUntil ?? null;
    },
    /**
     * Counts one failed sign-in in a single conditional upsert: concurrent failures are each counted once, and
     * none is counted while the login is locked (answers null then). The failure that reaches the threshold, and
     * each one after it, sets a new lock (returned in lockedUntil).
     */
    async countSignInFailure(
      db: DbOrTx,
      realm: SignInRealm,
      login: string,
      now: Date,
      policy: SignInLockPolicy,
    ): Promise<{ failures: number; lockedUntil: Date | null } | null> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const next = sql`(case when ${signInFailures.lastFailureAt} <= ${at} - make_interval(hours => ${policy.forgetAfterHours}) then 1 else ${signInFailures.failures} + 1 end)`;
      const lockFor = (failures: SQL) =>
        sql`(case when ${failures} >= ${policy.threshold} then ${at} + make_interval(mins => least(${policy.maxLockMinutes}, ${policy.firstLockMinutes} * power(2, least(${failures} - ${policy.threshold}, 16)))::int) end)`;
      const rows = await db
        .insert(signInFailures)
        .values({
          realm,
          login,
          failures: 1,
          lastFailureAt: now,
          lockedUntil: sql`${lockFor(sql`1`)}`,
        })
        .onConflictDoUpdate({
          target: [signInFailures.realm, signInFailures.login],
          set: { failures: next, lastFailureAt: now, lockedUntil: lockFor(next) },
          setWhere: sql`${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} <= ${at}`,
        })
        .returning({ failures: signInFailures.failures, lockedUntil: signInFailures.lockedUntil });
      return rows[0] ?? null;
    },
    async clearSignInFailures(db: DbOrTx, realm: SignInRealm, login: string): Promise<void> {
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.realm, realm), eq(signInFailures.login, login)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
