import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Holiday } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { holidays } from '../../db/schema/index.ts';

/** The one writer of `holidays` (decision 026). */
export function createHolidaysRepository() {
  return {
    findBetween(db: DbOrTx, from: string, to: string): Promise<Holiday[]> {
      return db
        .select({ date: holidays.date, name: holidays.name, isWorkingDay: holidays.isWorkingDay })
        .from(holidays)
        .where(and(gte(holidays.date, from), lte(holidays.date, to)))
        .orderBy(asc(holidays.date));
    },
    /** Adds a day or replaces the one already on that date. */
    async upsert(db: DbOrTx, input: Holiday) {
      const [row] = await db
        .insert(holidays)
        .values(input)
        .onConflictDoUpdate({
          target: holidays.date,
          set: { name: input.name, isWorkingDay: input.isWorkingDay },
        })
        .returning();
      return row!;
    },
    /** The deleted row, or undefined when there was none on that date. */
    async delete(db: DbOrTx, date: string) {
      const [row] = await db.delete(holidays).where(eq(holidays.date, date)).returning();
      return row;
    },
  };
}
export type HolidaysRepository = ReturnType<typeof createHolidaysRepository>;
