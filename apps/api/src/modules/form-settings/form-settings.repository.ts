import { and, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PromoCodeInput } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { assurances, deliveries, documentTypes, promoCodes } from '../../db/schema/index.ts';

/** The unique index on a live document type's code, lower-cased (schema/catalog.ts). */
export const DOCUMENT_CODE_INDEX = 'document_types_live_type_key';

/** The order form's catalogue tables: same shape of writes, soft-deleted (orders keep the row for their refId). */
type CatalogueTable = typeof documentTypes | typeof assurances | typeof deliveries;
export type PromoRow = typeof promoCodes.$inferSelect;

/**
 * Writes of one catalogue table. Drizzle cannot type a write generic over a union of tables, hence the casts;
 * the callers' types are the table's own (`T['$inferInsert']`, `T['$inferSelect']`).
 */
function catalogueWrites<T extends CatalogueTable>(table: T) {
  const live = (id: string) => and(eq(table.id, id), isNull(table.deletedAt));
  return {
    async insert(db: DbOrTx, values: Omit<T['$inferInsert'], 'id'>): Promise<T['$inferSelect']> {
      const [row] = await db
        .insert(table as CatalogueTable)
        .values(values as never)
        .returning();
      return row as T['$inferSelect'];
    },
    /** Undefined when there is no live row with that id. */
    async update(
      db: DbOrTx,
      id: string,
      changes: Partial<T['$inferInsert']> & { updatedAt: Date },
    ): Promise<T['$inferSelect'] | undefined> {
      const [row] = await db
        .update(table as CatalogueTable)
        .set(changes as never)
        .where(live(id))
        .returning();
      return row as T['$inferSelect'] | undefined;
    },
    /** False when there was no live row with that id. */
    async softDelete(db: DbOrTx, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(table as CatalogueTable)
        .set({ deletedAt: now })
        .where(live(id))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

/**
 * The one writer of the order form's catalogue (document types, assurances, deliveries) and of promo codes
 * (decision 026), including a code's use count when an order takes it (the order service calls
 * `reservePromoUse` / `releasePromoUse` with its transaction).
 */
export function createFormSettingsRepository() {
  return {
    documentTypes: catalogueWrites(documentTypes),
    assurances: catalogueWrites(assurances),
    deliveries: catalogueWrites(deliveries),
    /** Undefined when the code exists already. */
    async insertPromoCode(db: DbOrTx, values: PromoValues): Promise<PromoRow | undefined> {
      const [row] = await db
        .insert(promoCodes)
        .values(values)
        .onConflictDoNothing({ target: promoCodes.code })
        .returning();
      return row;
    },
    /** Replaces the settings of an existing code (its use count is kept); undefined when there is none. */
    async updatePromoCode(db: DbOrTx, { code, ...values }: PromoValues): Promise<PromoRow | undefined> {
      const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.code, code)).returning();
      return row;
    },
    /** False when there was no such code. */
    async deletePromoCode(db: DbOrTx, code: string): Promise<boolean> {
      const rows = await db
        .delete(promoCodes)
        .where(eq(promoCodes.code, code))
        .returning({ code: promoCodes.code });
      return rows.length > 0;
    },
    /**
     * Reserves one use of a live promo code in one conditional statement (decision 019): concurrent orders queue on
     * the row and each re-checks the limit, so `max_uses` is never exceeded. Call it inside the order's
     * transaction: the use is given back if the order does not commit. False when no use is left (or the code
     * stopped being valid).
     */
    async reservePromoUse(db: DbOrTx, code: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(promoCodes)
        .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
        .where(
          and(
            eq(promoCodes.code, code),
            eq(promoCodes.isActive, true),
            or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)),
            or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, now)),
            or(isNull(promoCodes.validTo), gte(promoCodes.validTo, now)),
          ),
        )
        .returning({ code: promoCodes.code });
      return rows.length > 0;
    },
    /** Gives back a use reserved earlier in the same transaction (which still holds the row). */
    async releasePromoUse(db: DbOrTx, code: string): Promise<void> {
      await db
        .update(promoCodes)
        .set({ usedCount: sql`${promoCodes.usedCount} - 1` })
        .where(and(eq(promoCodes.code, code), gt(promoCodes.usedCount, 0)));
    },
  };
}
export type FormSettingsRepository = ReturnType<typeof createFormSettingsRepository>;

export type PromoValues = ReturnType<typeof promoValues>;

export function promoValues(input: PromoCodeInput) {
  return {
    code: input.code,
    discountPercent: input.discountPercent,
    isActive: input.isActive,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validTo: input.validTo ? new Date(input.validTo) : null,
    maxUses: input.maxUses,
    description: input.description,
  };
}
