import { z } from 'zod';

export const QUEUE_JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;
export const QueueJobStateSchema = z.enum(QUEUE_JOB_STATES, {
  message: 'Статус задач: waiting, active, completed, failed или delayed',
});
export type QueueJobState = z.infer<typeof QueueJobStateSchema>;

/** Spec 3 "Queue info": counts over all queues; completed and failed cover the last 24 hours. */
export const QueueInfoSchema = z.object({
  isConnected: z.boolean(),
  waiting: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  delayed: z.number().int(),
});
export type QueueInfo = z.infer<typeof QueueInfoSchema>;

/** Spec 3 "Queue job" (times in epoch milliseconds, as the UI expects). */
export const QueueJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  state: z.string(),
  data: z.record(z.string(), z.unknown()).and(z.object({ orderId: z.string().nullable().optional() })),
  delay: z.number(),
  processedOn: z.number().nullable(),
  finishedOn: z.number().nullable(),
  failedReason: z.string().nullable(),
  timestamp: z.number(),
  attemptsMade: z.number().int(),
  opts: z.object({ delay: z.number() }),
});
export type QueueJob = z.infer<typeof QueueJobSchema>;

export const QueueDataResponseSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const MonitoringDashboardSchema = z.object({
  problematicOrders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.number().nullable(),
      errorCount: z.number().int(),
      lastError: z.string().nullable(),
    }),
  ),
  orderStats: z.object({
    count: z.number().int(),
    last24h: z.number().int(),
    unpaid: z.number().int(),
    inProgress: z.number().int(),
  }),
  eventStats: z.array(
    z.object({ eventType: z.string(), successful: z.number().int(), total: z.number().int() }),
  ),
});
export type MonitoringDashboard = z.infer<typeof MonitoringDashboardSchema>;
