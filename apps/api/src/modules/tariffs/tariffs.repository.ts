import { and, count, eq, isNull } from 'drizzle-orm';
import type { TariffInput } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { tariffs } from '../../db/schema/index.ts';

export type TariffRow = typeof tariffs.$inferSelect;

/** A tariff that is not (soft-)deleted. */
export const liveTariff = (id: string) => and(eq(tariffs.id, id), isNull(tariffs.deletedAt));

/** The one writer of `tariffs` (decision 026). */
export function createTariffsRepository() {
  return {
    async countLive(db: DbOrTx): Promise<number> {
      const [row] = await db.select({ total: count() }).from(tariffs).where(isNull(tariffs.deletedAt));
      return row?.total ?? 0;
    },
    async insert(db: DbOrTx, input: TariffInput): Promise<TariffRow> {
      const [row] = await db.insert(tariffs).values(input).returning();
      return row!;
    },
    /** Undefined when there is no live tariff with that id. */
    async update(db: DbOrTx, id: string, input: TariffInput, now: Date): Promise<TariffRow | undefined> {
      const [row] = await db
        .update(tariffs)
        .set({ ...input, updatedAt: now })
        .where(liveTariff(id))
        .returning();
      return row;
    },
    /** Soft delete: the rule stops applying, orders keep their lines. False when there was no live tariff. */
    async softDelete(db: DbOrTx, id: string, now: Date): Promise<boolean> {
      const [row] = await db
        .update(tariffs)
        .set({ deletedAt: now, updatedAt: now })
        .where(liveTariff(id))
        .returning({ id: tariffs.id });
      return row !== undefined;
    },
  };
}
export type TariffsRepository = ReturnType<typeof createTariffsRepository>;
