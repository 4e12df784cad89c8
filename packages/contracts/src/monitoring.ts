import { z } from './zod.ts';
import { QUEUE_NAMES } from './constants.ts';
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

/** Russian names of the job kinds (spec 3), for the monitoring screens and the order timeline. */
export const JOB_LABELS: Readonly<Record<string, string>> = {
  'change-status': 'Смена статуса заказа',
  'send-email': 'Отправка письма',
  'send-push': 'Отправка push-уведомления',
  'send-staff-push': 'Рассылка сотрудникам',
  'create-delivery': 'Создание курьерской доставки',
  'check-new-paid-orders': 'Проверка новых оплат',
  'send-payment-reminders': 'Напоминания об оплате',
  'send-act-exchange-reminders': 'Напоминания об обмене актами',
  'sync-yandex-pickup-points': 'Синхронизация пунктов выдачи',
  'check-yandex-delivery-statuses': 'Проверка статусов доставки',
  'remove-unattached-uploads': 'Удаление файлов без заказа',
};
