import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { hashUploadToken } from './uploads.service.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** What shows an upload is the caller's: uploaded while signed in as `userId`, or its upload's token (decision 022). */
export type UploadProof = { userId: string | null; tokens: Record<string, string> };

/** Uploads among `fileIds` that are still free and belong to the caller. */
function attachable(fileIds: string[], proof: UploadProof) {
  const owned = fileIds.map((id) => {
    const token = proof.tokens[id];
    const ways = [
      ...(proof.userId ? [eq(uploads.userId, proof.userId)] : []),
      ...(token ? [eq(uploads.tokenHash, hashUploadToken(token))] : []),
    ];
    return ways.length > 0 ? and(eq(uploads.id, id), or(...ways)) : sql`false`;
  });
  return and(isNull(uploads.orderId), or(...owned));
}

/** The one writer of `uploads` (decision 026), also of attaching files to a new order (in the order's tx). */
export function createUploadsRepository() {
  return {
    /** The new rows, in the order given. */
    insertMany(db: DbOrTx, values: (typeof uploads.$inferInsert)[]): Promise<UploadRow[]> {
      return db.insert(uploads).values(values).returning();
    },
    /**
     * Attaches uploads that are still free and belong to the caller: uploaded while signed in as `userId`, or
     * presented with the token their upload answered (decision 022). Returns how many were attached.
     */
    async attachUploads(db: DbOrTx, orderId: string, fileIds: string[], proof: UploadProof): Promise<number> {
      if (fileIds.length === 0) return 0;
      const rows = await db
        .update(uploads)
        .set({ orderId })
        .where(attachable(fileIds, proof))
        .returning({ id: uploads.id, size: uploads.size });
      return rows.length;
    },
    /**
     * Locks the uploads `attachUploads` would attach (free, the caller's) until the transaction ends; how many.
     * Run before the order's INSERT (decision 064): a request with a file it cannot attach is refused before it
     * draws an order number, and the locked rows stay attachable until the INSERT's order takes them.
     */
    async lockAttachable(db: DbOrTx, fileIds: string[], proof: UploadProof): Promise<number> {
      if (fileIds.length === 0) return 0;
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(attachable(fileIds, proof))
        .for('update');
      return rows.length;
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
