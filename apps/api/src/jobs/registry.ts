import { z } from 'zod';
import { OrderStatusSchema, type JobName as ContractJobName, type QueueName } from '@app/contracts';

/**
 * One background job: the pg-boss queue it runs in, the zod schema of its payload (checked by the worker before the
 * handler sees it), an expiry when it is known to be slow, and — for periodic jobs — its cron and description.
 */
export type JobDefinition = {
  queue: QueueName;
  payload: z.ZodType<Record<string, unknown>>;
  /** Overrides DEFAULT_JOB_EXPIRY_SECONDS: many provider calls or many recipients in one run. */
  expireInSeconds?: number;
  /** A periodic job (decision 009): five-field cron in Moscow time, shown on the monitoring screens. */
  schedule?: { cron: string; description: string };
};
export type JobRegistry = Readonly<Record<string, JobDefinition>>;

const MINUTES = 60;
/** A scheduled run carries only the time it was forwarded (absent when a run is sent by hand). */
const scheduledRun = z.object({ scheduledAt: z.string().optional() });
const nullableId = z.string().nullable().optional();

/**
 * Every job of the API, by name (decisions 003, 009, 029). Sending takes a name from here and its payload type
 * (`jobs.send(tx, 'send-push', payload)`), the queue comes from the entry; the worker validates the payload
 * with the schema and hands it to the handler of that name (`container.ts#createJobHandlers`, one per name, or it
 * does not compile). Each entry says who sends it.
 */
export const JOBS = {
  /** Sent by `mail.queue()` (modules/mail) with every `mail_outbox` row: delivers it by SMTP or the outbox. */
  'send-email': {
    queue: 'notification-tasks',
    payload: z.object({ mailId: z.string(), orderId: nullableId }),
  },
  /** Sent by `notifications.create()` (modules/notifications) with every in-app notification. Best effort. */
  'send-push': {
    queue: 'notification-tasks',
    payload: z.object({ notificationId: z.string(), orderId: nullableId }),
  },
  /**
   * Sent by the order status change (modules/orders, order-status.service.ts) when an order enters DELIVERING:
   * DELIVERING → COMPLETED after `ORDER_AUTO_COMPLETE_DAYS`.
   */
  'change-status': {
    queue: 'order-processing',
    payload: z.object({
      orderId: z.string(),
      from: OrderStatusSchema,
      to: OrderStatusSchema,
      /** When the order entered `from`: a later re-entry belongs to a newer job. */
      since: z.string().nullable().optional(),
      comment: z.string().nullable().optional(),
    }),
  },
  /**
   * Sent only by `enqueueCreateDelivery` (modules/orders/order-status.service.ts, from `afterStatusChange`) when a
   * payment settles a COURIER order: books the courier (decision 027).
   */
  'create-delivery': {
    queue: 'order-processing',
    payload: z.object({ orderId: z.string() }),
  },
  /**
   * Sent by the webhooks module (`webhooks.service.ts#enqueue`) with every delivery of an integrator's event, in the
   * transaction of the change (order created/paid/status changed, commission created/paid): one signed POST, retried
   * with backoff up to WEBHOOK_LIMITS.attemptsMax attempts in all (decision 071).
   */
  'deliver-webhook': {
    queue: 'notification-tasks',
    payload: z.object({ deliveryId: z.string() }),
  },
  /** Sent by `pushStaff.send()` (modules/push) for a back-office campaign; not retried (decision 014). */
  'send-staff-push': {
    queue: 'notification-tasks',
    payload: z.object({ campaignId: z.string() }),
    expireInSeconds: 5 * MINUTES,
  },

  // Periodic jobs: queued by the workers' schedule check (`runSchedules`, jobs.ts), never by a service.
  'check-new-paid-orders': {
    queue: 'order-processing',
    payload: scheduledRun,
    schedule: {
      cron: '*/5 * * * *',
      description: 'Сверка ожидающих оплат с платёжной системой (если уведомление не дошло)',
    },
  },
  'send-payment-reminders': {
    queue: 'notification-tasks',
    payload: scheduledRun,
    expireInSeconds: 5 * MINUTES,
    schedule: {
      cron: '0 10-20 * * *',
      description: 'Напоминание об оплате неоплаченных заказов (одно на заказ)',
    },
  },
  'send-act-exchange-reminders': {
    queue: 'notification-tasks',
    payload: scheduledRun,
    expireInSeconds: 5 * MINUTES,
    schedule: {
      cron: '0 11 * * 1-5',
      description: 'Напоминание организациям о подписании актов выполненных заказов',
    },
  },
  'sync-yandex-pickup-points': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    expireInSeconds: 10 * MINUTES,
    schedule: { cron: '30 4 * * *', description: 'Обновление пунктов выдачи Яндекс Доставки' },
  },
  'check-yandex-delivery-statuses': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    expireInSeconds: 5 * MINUTES,
    schedule: { cron: '*/10 * * * *', description: 'Проверка статусов курьерских доставок' },
  },
  'remove-unattached-uploads': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    schedule: {
      cron: '15 * * * *',
      description: 'Удаление загруженных файлов, не прикреплённых к заказу за сутки',
    },
  },
  /** The partner-level fraud rules (module fraud, decision 063): click spikes and many cancellations. */
  'scan-partner-fraud': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    expireInSeconds: 5 * MINUTES,
    schedule: {
      cron: '20 * * * *',
      description: 'Фрод партнёров: всплески кликов без заказов и много отменённых заказов',
    },
  },
  /** Partner commissions whose hold has passed (decision 062): one conditional UPDATE, safe to run at once. */
  'approve-partner-commissions': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    schedule: {
      // After the fraud scan (scan-partner-fraud, :20): a hold it raises applies before this run.
      cron: '40 * * * *',
      description: 'Подтверждение партнёрских комиссий после срока удержания',
    },
  },
  /** The analytics retention (module analytics, decision 066): rows older than the configured days, in batches. */
  'purge-analytics': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    expireInSeconds: 15 * MINUTES,
    schedule: {
      cron: '10 3 * * *',
      description: 'Удаление данных аналитики старше срока хранения',
    },
  },
  /**
   * Decision 087: the distinct sessions per event group of the days that are over, for the events explorer; then
   * (decision 096) the attribution credits and touch counts of the days at least three days old, and (decision 097)
   * their lead scores as of today.
   */
  'close-analytics-days': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    expireInSeconds: 15 * MINUTES,
    schedule: {
      // After the retention purge (purge-analytics, 03:10): the days it emptied are not stored again.
      cron: '40 3 * * *',
      description:
        'Подсчёт сессий по событиям, атрибуции заказов и оценки лидов за прошедшие дни (для отчётов маркетинга)',
    },
  },
  /**
   * Decision 097: the lead scores of the closed days whose half-life is crossed at Moscow midnight (a seventh of
   * the days with a 7-day half-life) hold no longer from 00:00: stored again at once, not at 03:40 with the others.
   */
  'close-lead-score-days': {
    queue: 'sync-tasks',
    payload: scheduledRun,
    expireInSeconds: 15 * MINUTES,
    schedule: {
      cron: '1 0 * * *',
      description: 'Оценка лидов за прошедшие дни на новую дату (для отчёта «Скоринг лидов»)',
    },
  },
  // Exactly the names of the contracts' JOB_TITLES (their Russian titles on the monitoring screens): a job missing
  // there, or a title of a job that does not exist, does not compile.
} as const satisfies Readonly<Record<ContractJobName, JobDefinition>>;

export type AppJobs = typeof JOBS;
export type JobName = keyof AppJobs;
/** What a handler of job `N` receives (after validation). */
export type JobPayload<N extends JobName> = z.output<AppJobs[N]['payload']>;
/** The names of the periodic jobs. */
export type ScheduledJobName = {
  [N in JobName]: AppJobs[N] extends { schedule: object } ? N : never;
}[JobName];
