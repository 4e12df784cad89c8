import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';

export type PartnerRow = typeof partners.$inferSelect;
type PartnerValues = Pick<typeof partners.$inferInsert, 'name' | 'commission' | 'userId'>;

/** The one writer of `partners` (decision 026); their points are the points module's table. */
export function createPartnersRepository() {
  return {
    async insert(db: DbOrTx, values: PartnerValues): Promise<PartnerRow> {
      const [row] = await db.insert(partners).values(values).returning();
      return row!;
    },
    async update(db: DbOrTx, id: string, changes: PartnerValues & { updatedAt: Date }): Promise<void> {
      await db.update(partners).set(changes).where(eq(partners.id, id));
    },
  };
}
export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
