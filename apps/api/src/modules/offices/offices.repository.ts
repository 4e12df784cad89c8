import { asc, desc, eq } from 'drizzle-orm';
import type { OfficeInput } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { offices } from '../../db/schema/index.ts';

export type OfficeRow = typeof offices.$inferSelect;

/** The one writer of `offices` (decision 026). */
export function createOfficesRepository() {
  return {
    /** Active first, then by name. */
    findAll(db: DbOrTx): Promise<OfficeRow[]> {
      return db.select().from(offices).orderBy(desc(offices.isActive), asc(offices.name));
    },
    async findById(db: DbOrTx, id: string): Promise<OfficeRow | undefined> {
      const [row] = await db.select().from(offices).where(eq(offices.id, id));
      return row;
    },
    /** Locks the office's row for the rest of the transaction; false when there is none. */
    async lockById(db: DbOrTx, id: string): Promise<boolean> {
      const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, id)).for('update');
      return row !== undefined;
    },
    async insert(db: DbOrTx, input: OfficeInput): Promise<OfficeRow> {
      const [row] = await db.insert(offices).values(input).returning();
      return row!;
    },
    async update(
      db: DbOrTx,
      id: string,
      changes: Partial<OfficeInput> & { isActive?: boolean; updatedAt: Date },
    ): Promise<OfficeRow | undefined> {
      const [row] = await db.update(offices).set(changes).where(eq(offices.id, id)).returning();
      return row;
    },
    async delete(db: DbOrTx, id: string): Promise<void> {
      await db.delete(offices).where(eq(offices.id, id));
    },
  };
}
export type OfficesRepository = ReturnType<typeof createOfficesRepository>;
