import { eq } from 'drizzle-orm';
import type { PartnerStatus } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';

export type PartnerAccountRow = typeof partnerAccounts.$inferSelect;

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
  };
}
export type PartnerPortalRepository = ReturnType<typeof createPartnerPortalRepository>;
