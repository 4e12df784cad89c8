import PgBoss from 'pg-boss';
import type { JobName, QueueName } from '@app/contracts';
import { QUEUE_NAMES } from '@app/contracts';
import type { Database, Tx } from '../db/client.ts';
import { sqlExecutorOf } from '../db/client.ts';
import { SCHEDULES } from './schedules.ts';

/**
 * pg-boss queues follow the spec's model: three queues, each carrying named jobs (`data.name`).
 * Jobs are enqueued inside the business transaction so they commit (or vanish) with its rows.
 */
export type JobData = { name: JobName | string; orderId?: string | null; [key: string]: unknown };
export type JobContext = { id: string; queue: QueueName; retryCount: number; retryLimit: number };
/** What a job did, kept as the pg-boss job output (`summary` is shown on the monitoring screens). */
export type JobResult = { summary: string; [key: string]: unknown };
export type JobHandler = (data: JobData, context: JobContext) => Promise<JobResult | void>;
export type JobHandlers = Partial<Record<string, JobHandler>>;

export type SendOptions = {
  startAfter?: Date | number;
  singletonKey?: string;
  retryLimit?: number;
  /** A fixed job id: sending the same id twice creates one job (pg-boss inserts with ON CONFLICT DO NOTHING). */
  id?: string;
};

export type Jobs = {
  boss: PgBoss;
  start(): Promise<void>;
  send(tx: Tx | null, queue: QueueName, data: JobData, options?: SendOptions): Promise<string | null>;
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
};

/** Retries with exponential backoff: 10 s, 20 s, 40 s, ... up to 8 attempts in all. */
export const QUEUE_RETRY = { retryLimit: 7, retryDelay: 10, retryBackoff: true } as const;

/** Scheduled runs are forwarded to their queue by a trigger queue; a failed forward retries quickly. */
const TRIGGER_RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

export function createJobs(options: {
  database: Database;
  pollingIntervalSeconds?: number;
  supervise?: boolean;
  schedule?: boolean;
  onError?: (error: Error) => void;
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  /** How long a job may stay active before the supervisor treats its worker as dead (default 15 min). */
  expireInSeconds?: number;
  /** How often the supervisor expires and archives jobs (pg-boss default 120 s). */
  maintenanceIntervalSeconds?: number;
  /** Jobs fetched per poll and run side by side (a worker waits the polling interval between fetches). */
  batchSize?: number;
}): Jobs {
  const batchSize = options.batchSize ?? 10;
  const retry = options.retry ?? QUEUE_RETRY;
  const boss = new PgBoss({
    db: options.database.sql as PgBoss.Db,
    supervise: options.supervise ?? true,
    schedule: options.schedule ?? true,
    // Stopped workers are re-run by the supervisor once their jobs expire.
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
    ...(options.maintenanceIntervalSeconds
      ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }
      : {}),
    // Monitoring shows completed and failed jobs of 24 hours: keep them in the job table for 2 and 7 days.
    archiveCompletedAfterSeconds: 2 * 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
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
      // pg-boss 10 keeps one schedule per queue: each scheduled job has its own trigger queue.
      for (const schedule of SCHEDULES) {
        const existing = await boss.getQueue(schedule.name);
        if (!existing) await boss.createQueue(schedule.name, { name: schedule.name, ...TRIGGER_RETRY });
      }
      started = true;
    },
    async send(tx, queue, data, sendOptions = {}) {
      return boss.send(queue, data, {
        ...retry,
        ...(sendOptions.startAfter !== undefined ? { startAfter: sendOptions.startAfter as Date } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.retryLimit !== undefined ? { retryLimit: sendOptions.retryLimit } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(tx ? { db: sqlExecutorOf(tx) as PgBoss.Db } : {}),
      });
    },
    async work(handlers) {
      for (const queue of QUEUE_NAMES) {
        await boss.work<JobData>(
          queue,
          {
            batchSize,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          // Each job of the batch runs and completes or fails on its own (pg-boss would fail the whole batch),
          // and its result becomes the job's output.
          async (batch) => {
            await Promise.all(
              batch.map(async (job) => {
                try {
                  const handler = handlers[job.data.name];
                  if (!handler) throw new Error(`No handler for job "${job.data.name}" in queue ${queue}`);
                  const result = await handler(job.data, {
                    id: job.id,
                    queue,
                    retryCount: job.retryCount,
                    retryLimit: job.retryLimit,
                  });
                  if (result) await boss.complete(queue, job.id, result);
                  else await boss.complete(queue, job.id);
                } catch (error) {
                  await boss.fail(queue, job.id, error as object);
                }
              }),
            );
          },
        );
      }
      for (const schedule of SCHEDULES) {
        await boss.work(
          schedule.name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([trigger]) => {
            if (!trigger) return;
            // The run gets the trigger's id: forwarding one trigger twice still makes one job.
            await boss.send(
              schedule.queue,
              { name: schedule.name, scheduledAt: new Date().toISOString() },
              { ...retry, id: trigger.id },
            );
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
