import PgBoss from 'pg-boss';
import type { JobName, QueueName } from '@app/contracts';
import { QUEUE_NAMES } from '@app/contracts';
import type { Database, Tx } from '../db/client.ts';
import { sqlExecutorOf } from '../db/client.ts';

/**
 * pg-boss queues follow the spec's model: three queues, each carrying named jobs (`data.name`).
 * Jobs are enqueued inside the business transaction so they commit (or vanish) with its rows.
 */
export type JobData = { name: JobName | string; orderId?: string | null; [key: string]: unknown };
export type JobContext = { id: string; queue: QueueName; retryCount: number; retryLimit: number };
export type JobHandler = (data: JobData, context: JobContext) => Promise<void>;
export type JobHandlers = Partial<Record<string, JobHandler>>;

export type SendOptions = { startAfter?: Date | number; singletonKey?: string; retryLimit?: number };

export type Jobs = {
  boss: PgBoss;
  start(): Promise<void>;
  send(tx: Tx | null, queue: QueueName, data: JobData, options?: SendOptions): Promise<string | null>;
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
};

/** Retries with exponential backoff: 10 s, 20 s, 40 s, ... up to 8 attempts in all. */
export const QUEUE_RETRY = { retryLimit: 7, retryDelay: 10, retryBackoff: true } as const;

export function createJobs(options: {
  database: Database;
  pollingIntervalSeconds?: number;
  supervise?: boolean;
  schedule?: boolean;
  onError?: (error: Error) => void;
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
}): Jobs {
  const retry = options.retry ?? QUEUE_RETRY;
  const boss = new PgBoss({
    db: options.database.sql as PgBoss.Db,
    supervise: options.supervise ?? true,
    schedule: options.schedule ?? true,
    // Stopped workers are re-run by the supervisor once their jobs expire.
    expireInMinutes: 15,
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  let started = false;

  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of QUEUE_NAMES) {
        const existing = await boss.getQueue(queue);
        if (!existing) await boss.createQueue(queue, { name: queue, ...retry });
      }
      started = true;
    },
    async send(tx, queue, data, sendOptions = {}) {
      return boss.send(queue, data, {
        ...retry,
        ...(sendOptions.startAfter !== undefined ? { startAfter: sendOptions.startAfter as Date } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.retryLimit !== undefined ? { retryLimit: sendOptions.retryLimit } : {}),
        ...(tx ? { db: sqlExecutorOf(tx) as PgBoss.Db } : {}),
      });
    },
    async work(handlers) {
      for (const queue of QUEUE_NAMES) {
        await boss.work<JobData>(
          queue,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async (jobs) => {
            for (const job of jobs) {
              const handler = handlers[job.data.name];
              if (!handler) throw new Error(`No handler for job "${job.data.name}" in queue ${queue}`);
              await handler(job.data, {
                id: job.id,
                queue,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
            }
          },
        );
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
