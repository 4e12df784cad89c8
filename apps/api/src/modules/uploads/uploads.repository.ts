import { and, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** The writer of `uploads` (decision 026); attaching files to a new order is still the orders repository's. */
export function createUploadsRepository() {
  return {
    /** The new rows, in the order given. */
    insertMany(db: DbOrTx, values: (typeof uploads.$inferInsert)[]): Promise<UploadRow[]> {
      return db.insert(uploads).values(values).returning();
    },
    /** Deletes the uploads no order took that were made before `cutoff`; their stored names. */
    async deleteUnattachedBefore(db: DbOrTx, cutoff: Date): Promise<string[]> {
      const rows = await db
        .delete(uploads)
        .where(and(isNull(uploads.orderId), lt(uploads.createdAt, cutoff)))
        .returning({ storedName: uploads.storedName });
      return rows.map((row) => row.storedName);
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
