import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { points } from '../../db/schema/index.ts';

export type PointRow = typeof points.$inferSelect;
/** A point as staff edit it; photos have their own endpoints, the sync its own statements. */
export type PointInput = Omit<typeof points.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'photos'>;
/** A pickup point as the delivery provider lists it. */
export type ProviderPoint = Pick<
  PointRow,
  'code' | 'name' | 'address' | 'lat' | 'lon' | 'schedule' | 'phone'
>;

/** Points of this type mirror the delivery provider; partner points are never touched by the sync. */
export const YANDEX_POINT_TYPE = 'YANDEX';

/** The one writer of `points` (decision 026): the partners module edits points through it too. */
export function createPointsRepository() {
  return {
    async insert(db: DbOrTx, input: PointInput): Promise<PointRow> {
      const [row] = await db.insert(points).values(input).returning();
      return row!;
    },
    /** Undefined when there is no such point. */
    async update(
      db: DbOrTx,
      id: string,
      changes: Partial<PointInput> & { updatedAt: Date },
    ): Promise<PointRow | undefined> {
      const [row] = await db.update(points).set(changes).where(eq(points.id, id)).returning();
      return row;
    },
    /** Locks the point's row for the rest of the transaction; false when there is none. */
    async lockById(db: DbOrTx, id: string): Promise<boolean> {
      const [row] = await db.select({ id: points.id }).from(points).where(eq(points.id, id)).for('update');
      return row !== undefined;
    },
    /** The deleted point's photo file names (its files are the caller's to discard). */
    async delete(db: DbOrTx, id: string): Promise<string[]> {
      const [row] = await db.delete(points).where(eq(points.id, id)).returning({ photos: points.photos });
      return row?.photos ?? [];
    },
    /** Appends a photo only while the point has fewer than `limit`, checked in the same statement. */
    async appendPhotoBelowLimit(
      db: DbOrTx,
      id: string,
      storedName: string,
      limit: number,
      now: Date,
    ): Promise<PointRow | undefined> {
      const [row] = await db
        .update(points)
        .set({ photos: sql`array_append(${points.photos}, ${storedName})`, updatedAt: now })
        .where(and(eq(points.id, id), sql`cardinality(${points.photos}) < ${limit}`))
        .returning();
      return row;
    },
    /** Undefined when the point does not list that photo. */
    async removePhoto(db: DbOrTx, id: string, fileName: string, now: Date): Promise<PointRow | undefined> {
      const [row] = await db
        .update(points)
        .set({ photos: sql`array_remove(${points.photos}, ${fileName})`, updatedAt: now })
        .where(and(eq(points.id, id), sql`${fileName} = any(${points.photos})`))
        .returning();
      return row;
    },
    /** Upserts provider points by code, stamped with `now`; the number of rows written. */
    async upsertProviderPoints(db: DbOrTx, listed: ProviderPoint[], now: Date): Promise<number> {
      const rows = await db
        .insert(points)
        .values(
          listed.map((point) => ({
            code: point.code,
            name: point.name,
            address: point.address,
            lat: point.lat,
            lon: point.lon,
            schedule: point.schedule,
            phone: point.phone,
            type: YANDEX_POINT_TYPE,
            isActive: true,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: points.code,
          set: {
            name: sql`excluded.name`,
            address: sql`excluded.address`,
            lat: sql`excluded.lat`,
            lon: sql`excluded.lon`,
            schedule: sql`excluded.schedule`,
            phone: sql`excluded.phone`,
            isActive: true,
            updatedAt: now,
          },
          // A partner point that happens to use the same code is left as it is.
          setWhere: sql`${points.type} = ${YANDEX_POINT_TYPE}`,
        })
        .returning({ id: points.id });
      return rows.length;
    },
    /** Deactivates the active provider points not stamped since `now`; how many. */
    async deactivateProviderPointsOlderThan(db: DbOrTx, now: Date): Promise<number> {
      const rows = await db
        .update(points)
        .set({ isActive: false, updatedAt: now })
        .where(and(eq(points.type, YANDEX_POINT_TYPE), eq(points.isActive, true), lt(points.updatedAt, now)))
        .returning({ id: points.id });
      return rows.length;
    },
  };
}
export type PointsRepository = ReturnType<typeof createPointsRepository>;
