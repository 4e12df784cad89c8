import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** One staff action: `action` is `<entity>.<verb>`, e.g. `office.update`; `id` only when the caller needs it known. */
export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'createdAt'>;

/**
 * The one writer of `audit_log` (decision 026). Every module records its staff actions here, inside the
 * transaction of the change itself, so an action and its trace commit together.
 */
export function createAuditRepository() {
  return {
    async record(db: DbOrTx, entry: AuditEntry | AuditEntry[]): Promise<void> {
      const rows = Array.isArray(entry) ? entry : [entry];
      if (rows.length === 0) return;
      await db.insert(auditLog).values(rows);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
