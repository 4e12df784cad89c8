import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queuePauses } from '../../db/schema/index.ts';

/** The one writer of `queue_pauses` (decision 026): a row pauses our workers on that queue (decision 056). */
export function createMonitoringRepository() {
  return {
    /** Pauses the queue; pausing a paused queue keeps its first pause. Returns whether this call paused it. */
    async pauseQueue(db: DbOrTx, queue: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(queuePauses)
        .values({ queue, pausedBy: userId })
        .onConflictDoNothing()
        .returning({ queue: queuePauses.queue });
      return rows.length > 0;
    },
    /** Resumes the queue. Returns whether it was paused. */
    async resumeQueue(db: DbOrTx, queue: string): Promise<boolean> {
      const rows = await db
        .delete(queuePauses)
        .where(eq(queuePauses.queue, queue))
        .returning({ queue: queuePauses.queue });
      return rows.length > 0;
    },
  };
}
export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
