import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { crmAccessRequests } from '../../db/schema/index.ts';

export type CrmAccessRequestRow = typeof crmAccessRequests.$inferSelect;

/** The one writer of `crm_access_requests` (decision 026). */
export function createCrmAccessRepository() {
  return {
    /**
     * A second open request of the same user is not created (unique pending request per user). True when this
     * call created it (admins are told once).
     */
    async insertPending(db: DbOrTx, userId: string, comment: string | null): Promise<boolean> {
      const rows = await db
        .insert(crmAccessRequests)
        .values({ userId, comment })
        .onConflictDoNothing()
        .returning({ id: crmAccessRequests.id });
      return rows.length > 0;
    },
    /** Decides a request that is still pending, in one statement; undefined when it is not (any more). */
    async decidePending(
      db: DbOrTx,
      requestId: string,
      decision: Pick<CrmAccessRequestRow, 'status' | 'grantedRole' | 'decidedBy' | 'decidedAt'>,
    ): Promise<CrmAccessRequestRow | undefined> {
      const [row] = await db
        .update(crmAccessRequests)
        .set(decision)
        .where(and(eq(crmAccessRequests.id, requestId), eq(crmAccessRequests.status, 'PENDING')))
        .returning();
      return row;
    },
  };
}
export type CrmAccessRepository = ReturnType<typeof createCrmAccessRepository>;
