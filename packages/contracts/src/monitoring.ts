import { z } from './zod.ts';
import { JOB_NAMES, JOB_TITLES, QUEUE_NAMES, QUEUE_TITLES } from './constants.ts';
import { formatMessage } from './messages-core.ts';
import { MESSAGES } from './messages.ts';

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

/** Spec 3 "Cron queue info": one scheduled (repeatable) job with its cron and next run (ISO 8601). */
export const CronJobSchema = z.object({
  /** Stable id of the schedule: the job name (one schedule per job name). */
  id: z.string(),
  name: z.string(),
  queue: z.string(),
  cron: z.string(),
  timezone: z.string(),
  /** Next run computed from the cron in the timezone; null when the cron cannot be parsed. */
  next: z.iso.datetime({ offset: true }).nullable(),
  /** The last time a run of this job finished (completed or failed), null if never. */
  lastRunAt: z.iso.datetime({ offset: true }).nullable(),
  lastRunState: z.enum(['completed', 'failed']).nullable(),
  /** What the last run did ("Отправлено напоминаний: 2", "Пропущено: ...") or its error. */
  lastResult: z.string().nullable(),
  /**
   * The last run due (at least three minutes ago, within a day, after the schedule was set) that no worker put into
   * the queue; null when it was queued or none was due. Set when no process runs the workers (decision 103).
   */
  missedRunAt: z.iso.datetime({ offset: true }).nullable(),
  description: z.string(),
});
export type CronJob = z.infer<typeof CronJobSchema>;

/** Spec 3 "Cron queue info" per queue; completed and failed cover 24 hours like the queue info. */
export const CronQueueInfoSchema = z.object({
  name: z.string(),
  repeatableJobs: z.number().int(),
  waiting: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  delayed: z.number().int(),
  /** Set when the queue could not be read; the counts are then zero. */
  error: z.string().nullable(),
  jobs: z.array(CronJobSchema),
});
export type CronQueueInfo = z.infer<typeof CronQueueInfoSchema>;

export const CronInfoResponseSchema = QueueDataResponseSchema(z.array(CronQueueInfoSchema));
export type CronInfoResponse = z.infer<typeof CronInfoResponseSchema>;

/** POST /api/admin/cron/initialize and DELETE /api/admin/cron/all. */
export const CronActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many schedules were created/refreshed (initialize) or removed (clear). */
  count: z.number().int(),
});
export type CronActionResponse = z.infer<typeof CronActionResponseSchema>;

/** POST /api/admin/queue/jobs/:id/retry — the queue is found by the server from the job id. */
export const RetryJobParamsSchema = z.object({
  id: z.uuid({ message: 'Некорректный идентификатор задачи' }),
});
export type RetryJobParams = z.infer<typeof RetryJobParamsSchema>;

/** POST /api/admin/queue/:queue/retry-failed — an unknown queue is a 400. */
export const RetryFailedParamsSchema = z.object({
  queue: z.enum(QUEUE_NAMES, {
    message: 'Очередь: order-processing, notification-tasks или sync-tasks',
  }),
});
export type RetryFailedParams = z.infer<typeof RetryFailedParamsSchema>;

/** Answer of both retry calls: how many failed jobs were put back to run. */
export const RetryJobsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  retried: z.number().int(),
});
export type RetryJobsResponse = z.infer<typeof RetryJobsResponseSchema>;

/** GET /api/admin/queue/failed-groups: failed jobs of the last 24 hours grouped by error message. */
export const FailedJobGroupSchema = z.object({
  error: z.string(),
  count: z.number().int(),
  /** Job names in the group (send-email, create-delivery, ...). */
  names: z.array(z.string()),
  lastAt: z.iso.datetime({ offset: true }),
  /** Up to 20 newest job ids of the group. */
  jobIds: z.array(z.string()),
  /** Distinct orders touched by the group (up to 20), for links to the order monitoring page. */
  orders: z.array(z.object({ orderId: z.string(), orderNumber: z.number().nullable() })),
});
export type FailedJobGroup = z.infer<typeof FailedJobGroupSchema>;
export const FailedJobGroupsResponseSchema = QueueDataResponseSchema(z.array(FailedJobGroupSchema));

/** One order_events row: an attempt of background work for the order. */
export const OrderEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  isSuccess: z.boolean(),
  error: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** GET /api/admin/order-monitoring/order/:orderId (ADMIN and MANAGER). */
export const OrderMonitoringSchema = z.object({
  order: z.object({
    id: z.string(),
    number: z.number(),
    status: z.string(),
    isPaid: z.boolean(),
    deliveryType: z.string(),
    externalDeliveryId: z.string().nullable(),
    externalDeliveryStatus: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
  /** Newest first. */
  events: z.array(OrderEventSchema),
  /** Newest first; for a MANAGER too (read-only). */
  jobs: z.array(QueueJobSchema),
});
export type OrderMonitoring = z.infer<typeof OrderMonitoringSchema>;
export const OrderMonitoringResponseSchema = QueueDataResponseSchema(OrderMonitoringSchema);

/** What a monitoring search box accepts: an order number (digits; '№' or '#' in front tolerated) or its UUID. */
export type OrderLookup = { kind: 'number'; number: number } | { kind: 'id'; id: string };

const ORDER_NUMBER_PATTERN = /^(?:№|#)?\s*(\d{1,12})$/;

/**
 * Spec 5: the queue search needs a non-empty order number; the order lookup of the monitoring Orders tab also
 * takes the order ID (spec 2). One schema for both search boxes (decision 010).
 */
export const OrderLookupSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.orderLookupRequired)
  .transform((value, context): OrderLookup => {
    const number = ORDER_NUMBER_PATTERN.exec(value)?.[1];
    if (number) return { kind: 'number', number: Number(number) };
    if (z.uuid().safeParse(value).success) return { kind: 'id', id: value.toLowerCase() };
    context.addIssue({ code: 'custom', message: MESSAGES.orderLookupInvalid });
    return z.NEVER;
  });

/** The Russian title of a job name (`JOB_TITLES`); a name not ours (an old job) is shown as is. */
export function jobTitle(name: string): string {
  return (JOB_TITLES as Record<string, string>)[name] ?? name;
}

/** The Russian title of a queue (`QUEUE_TITLES`); a trigger queue of a schedule reads as its job. */
export function queueTitle(queue: string): string {
  return (QUEUE_TITLES as Record<string, string>)[queue] ?? jobTitle(queue);
}

const QueueNameSchema = z.enum(QUEUE_NAMES, {
  message: 'Очередь: order-processing, notification-tasks или sync-tasks',
});

/** The states a job list filters by: the five counters' states and cancelled jobs. */
export const JOB_LIST_STATES = [...QUEUE_JOB_STATES, 'cancelled'] as const;
export const JobListStateSchema = z.enum(JOB_LIST_STATES, {
  message: 'Статус задач: waiting, active, completed, failed, delayed или cancelled',
});
export type JobListState = z.infer<typeof JobListStateSchema>;

/** Most jobs one page of a job list holds. */
export const JOB_PAGE_MAX = 100;

/**
 * GET /api/admin/queue/jobs: newest first, a page of `size` after `cursor` (the `nextCursor` of the page before),
 * filtered by state, queue, job name and order (its number, `№` tolerated, or its ID). Not limited to 24 hours.
 */
export const JobListQuerySchema = z.object({
  state: JobListStateSchema.optional(),
  queue: QueueNameSchema.optional(),
  name: z.enum(JOB_NAMES, { message: 'Неизвестное имя задачи' }).optional(),
  order: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: z.string().max(100).optional(),
  size: z.coerce
    .number({ message: 'Размер страницы — число' })
    .int()
    .min(1, 'Размер страницы — от 1')
    .max(JOB_PAGE_MAX, `Размер страницы — не больше ${JOB_PAGE_MAX}`)
    .default(50),
});
export type JobListQuery = z.input<typeof JobListQuerySchema>;

export const JobListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(QueueJobSchema),
  nextCursor: z.string().nullable(),
});
export type JobListResponse = z.infer<typeof JobListResponseSchema>;

/**
 * GET /api/admin/queue/job/:id — one job with everything pg-boss keeps of it, from the job table or, once moved
 * there, the archive. For a MANAGER e-mails and phone numbers in data, result and error are masked
 * (`isMasked`, decision 056).
 */
export const JobDetailSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  /** The Russian title of the name (`jobTitle`). */
  title: z.string(),
  /** pg-boss's own state: created, retry, active, completed, cancelled, failed. */
  state: z.string(),
  isArchived: z.boolean(),
  isMasked: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  /** The result of a completed job (its `summary` and details). */
  result: z.unknown().nullable(),
  /** The error of a failed or retrying job, with its stack when the job threw. */
  error: z.object({ message: z.string(), stack: z.string().nullable() }).nullable(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  singletonKey: z.string().nullable(),
  createdOn: z.iso.datetime({ offset: true }),
  startAfter: z.iso.datetime({ offset: true }),
  startedOn: z.iso.datetime({ offset: true }).nullable(),
  completedOn: z.iso.datetime({ offset: true }).nullable(),
  keepUntil: z.iso.datetime({ offset: true }),
  archivedOn: z.iso.datetime({ offset: true }).nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
});
export type JobDetail = z.infer<typeof JobDetailSchema>;
export const JobDetailResponseSchema = QueueDataResponseSchema(JobDetailSchema);

/** Most jobs one bulk retry or cancel changes (selected ids, or all failed jobs of a queue). */
export const JOB_BULK_MAX = 500;

/** POST /api/admin/queue/jobs/retry and /cancel: the selected jobs, or every failed job of one queue (retry). */
export const JobBulkRequestSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'Некорректный идентификатор задачи' }))
      .max(JOB_BULK_MAX, formatMessage(MESSAGES.jobsBulkTooMany, { max: JOB_BULK_MAX }))
      .optional(),
    /** With `allFailed`: every failed job of this queue, up to JOB_BULK_MAX (oldest first). */
    queue: QueueNameSchema.optional(),
    allFailed: z.literal(true).optional(),
  })
  .refine((value) => (value.ids?.length ?? 0) > 0 || (value.allFailed === true && !!value.queue), {
    message: MESSAGES.jobsBulkEmpty,
  });
export type JobBulkRequest = z.infer<typeof JobBulkRequestSchema>;

/** How many jobs were asked for and how many changed (a job already finished, or retried by someone, is not). */
export const JobBulkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  requested: z.number().int(),
  changed: z.number().int(),
});
export type JobBulkResponse = z.infer<typeof JobBulkResponseSchema>;

export const QueueParamsSchema = z.object({ queue: QueueNameSchema });

/** GET /api/admin/queue/queues: each queue, whether our workers are paused on it (decision 056). */
export const QueueStateSchema = z.object({
  name: z.enum(QUEUE_NAMES),
  title: z.string(),
  isPaused: z.boolean(),
  pausedAt: z.iso.datetime({ offset: true }).nullable(),
  pausedBy: z.string().nullable(),
  /** Failed jobs in the queue, whatever their age (what «Повторить все с ошибкой» would take, up to JOB_BULK_MAX). */
  failed: z.number().int(),
});
export type QueueState = z.infer<typeof QueueStateSchema>;
export const QueueStatesResponseSchema = QueueDataResponseSchema(z.array(QueueStateSchema));
export const QueueActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  queue: QueueStateSchema,
});

export const THROUGHPUT_RANGES = ['24h', '7d'] as const;
/** GET /api/admin/queue/throughput?range=24h|7d: hours of the last day or Moscow days of the last week. */
export const ThroughputQuerySchema = z.object({
  range: z.enum(THROUGHPUT_RANGES, { message: 'Период: 24h или 7d' }).default('24h'),
});
export type ThroughputRange = (typeof THROUGHPUT_RANGES)[number];
export const ThroughputBucketSchema = z.object({
  /** Start of the hour (24h) or of the Moscow day (7d). */
  at: z.iso.datetime({ offset: true }),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type ThroughputBucket = z.infer<typeof ThroughputBucketSchema>;
export const ThroughputResponseSchema = QueueDataResponseSchema(
  z.object({ range: z.enum(THROUGHPUT_RANGES), buckets: z.array(ThroughputBucketSchema) }),
);
export type Throughput = z.infer<typeof ThroughputResponseSchema>['data'];

/** POST /api/admin/cron/:name/run — «Запустить сейчас»: one run of a periodic task, now. */
export const CronRunParamsSchema = z.object({
  name: z.string().max(100),
});
export const CronRunResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  jobId: z.string(),
});
