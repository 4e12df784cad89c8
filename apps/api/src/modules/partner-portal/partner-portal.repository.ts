import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PartnerDefaultRates, PartnerStatus } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  partnerAccounts,
  partnerApplications,
  partnerPasswordTokens,
  partnerProgramSettings,
  partnerSignIns,
} from '../../db/schema/index.ts';

export type PartnerAccountRow = typeof partnerAccounts.$inferSelect;
export type PartnerApplicationRow = typeof partnerApplications.$inferSelect;
export type PartnerProgramSettingsRow = typeof partnerProgramSettings.$inferSelect;
/** What a partner edits on the profile page (spec 2); the e-mail is not among it. */
export type PartnerProfileChanges = Pick<
  typeof partnerAccounts.$inferInsert,
  'name' | 'phone' | 'company' | 'website' | 'description'
>;
export type PartnerSettingsChanges = Omit<typeof partnerProgramSettings.$inferInsert, 'id'>;

/**
 * The one writer of the partner portal's tables (decision 026): partner_accounts, partner_applications,
 * partner_password_tokens, partner_sign_ins and partner_program_settings (decision 059).
 */
export function createPartnerPortalRepository() {
  return {
    /** Locks and returns the account (a status change and what depends on it happen under this lock). */
    async lockAccount(db: DbOrTx, id: string): Promise<PartnerAccountRow | undefined> {
      const [row] = await db.select().from(partnerAccounts).where(eq(partnerAccounts.id, id)).for('update');
      return row;
    },
    async setStatus(db: DbOrTx, id: string, status: PartnerStatus): Promise<void> {
      await db
        .update(partnerAccounts)
        .set({ status, updatedAt: new Date() })
        .where(eq(partnerAccounts.id, id));
    },

    /** A new account; undefined when the e-mail already has one (unique index, no check-then-insert). */
    async insertAccount(
      db: DbOrTx,
      values: Pick<
        typeof partnerAccounts.$inferInsert,
        'email' | 'passwordHash' | 'name' | 'phone' | 'company' | 'website' | 'type' | 'status'
      >,
    ): Promise<PartnerAccountRow | undefined> {
      const [row] = await db.insert(partnerAccounts).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateProfile(
      db: DbOrTx,
      id: string,
      changes: PartnerProfileChanges,
      now: Date,
    ): Promise<PartnerAccountRow | undefined> {
      const [row] = await db
        .update(partnerAccounts)
        .set({ ...changes, updatedAt: now })
        .where(eq(partnerAccounts.id, id))
        .returning();
      return row;
    },
    async setPasswordHash(db: DbOrTx, id: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(partnerAccounts)
        .set({ passwordHash, updatedAt: now })
        .where(eq(partnerAccounts.id, id));
    },
    /** The partner's own rate; null: the type's default. */
    async setCommission(
      db: DbOrTx,
      id: string,
      commissionPercent: number | null,
      now: Date,
    ): Promise<PartnerAccountRow | undefined> {
      const [row] = await db
        .update(partnerAccounts)
        .set({ commissionPercent, updatedAt: now })
        .where(eq(partnerAccounts.id, id))
        .returning();
      return row;
    },

    /** A new application; undefined when the e-mail already has an open one (partial unique index). */
    async insertApplication(
      db: DbOrTx,
      values: Omit<typeof partnerApplications.$inferInsert, 'id' | 'status'>,
    ): Promise<PartnerApplicationRow | undefined> {
      const [row] = await db.insert(partnerApplications).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Decides an application that is still PENDING, in one statement; undefined when it is not (any more). */
    async decidePendingApplication(
      db: DbOrTx,
      id: string,
      decision: Pick<PartnerApplicationRow, 'status' | 'refusalReason' | 'decidedBy' | 'decidedAt'>,
    ): Promise<PartnerApplicationRow | undefined> {
      const [row] = await db
        .update(partnerApplications)
        .set(decision)
        .where(and(eq(partnerApplications.id, id), eq(partnerApplications.status, 'PENDING')))
        .returning();
      return row;
    },
    async linkApplicationAccount(db: DbOrTx, id: string, partnerAccountId: string): Promise<void> {
      await db.update(partnerApplications).set({ partnerAccountId }).where(eq(partnerApplications.id, id));
    },

    async insertPasswordToken(
      db: DbOrTx,
      values: { partnerAccountId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
    ): Promise<void> {
      await db.insert(partnerPasswordTokens).values(values);
    },
    /**
     * Uses a link once: one conditional statement (unused, not expired), so of two concurrent uses exactly one
     * gets the account id.
     */
    async consumePasswordToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(partnerPasswordTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(partnerPasswordTokens.tokenHash, tokenHash),
            isNull(partnerPasswordTokens.usedAt),
            gt(partnerPasswordTokens.expiresAt, now),
          ),
        )
        .returning({ partnerAccountId: partnerPasswordTokens.partnerAccountId });
      return row?.partnerAccountId;
    },
    /** Retires the account's other open links (a password was just set with one of them). */
    async retirePasswordTokens(db: DbOrTx, partnerAccountId: string, now: Date): Promise<void> {
      await db
        .update(partnerPasswordTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(partnerPasswordTokens.partnerAccountId, partnerAccountId),
            isNull(partnerPasswordTokens.usedAt),
          ),
        );
    },

    /** Where a partner signed in from, as keyed hashes (the fraud rules read them; decision 059). */
    async recordSignIn(
      db: DbOrTx,
      values: { partnerAccountId: string; ipHash: string; deviceHash: string; at: Date },
    ): Promise<void> {
      await db.insert(partnerSignIns).values(values);
    },

    async readSettings(db: DbOrTx): Promise<PartnerProgramSettingsRow> {
      const [row] = await db.select().from(partnerProgramSettings).where(eq(partnerProgramSettings.id, 1));
      if (row) return row;
      // The migration inserts the row; a database without it gets it with the defaults.
      const [created] = await db
        .insert(partnerProgramSettings)
        .values({ id: 1 })
        .onConflictDoUpdate({ target: partnerProgramSettings.id, set: { id: sql`excluded.id` } })
        .returning();
      return created!;
    },
    async updateSettings(db: DbOrTx, values: PartnerSettingsChanges): Promise<PartnerProgramSettingsRow> {
      const [row] = await db
        .insert(partnerProgramSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: partnerProgramSettings.id, set: values })
        .returning();
      return row!;
    },
  };
}
export type PartnerPortalRepository = ReturnType<typeof createPartnerPortalRepository>;

/** The programme's default rates per type, from the settings row. */
export function defaultRatesOf(settings: PartnerProgramSettingsRow): PartnerDefaultRates {
  return {
    commissionAffiliatePercent: settings.commissionAffiliatePercent,
    commissionCorporatePercent: settings.commissionCorporatePercent,
    commissionIntegratorPercent: settings.commissionIntegratorPercent,
  };
}
